import { useId } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** One choice of a `SelectField`. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of `SelectField`. */
export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Id of a message that explains a problem with the current choice. */
  describedBy?: string;
  invalid?: boolean;
  className?: string;
}

/** A labelled native select: keyboard and screen readers work without extra wiring. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  disabled,
  describedBy,
  invalid,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={cn(
          'h-10 rounded-md border bg-white px-2 text-sm text-slate-900 disabled:bg-slate-50 disabled:text-slate-500',
          focusRing,
          'focus-visible:ring-offset-0',
          invalid ? 'border-red-500' : 'border-slate-300',
        )}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
