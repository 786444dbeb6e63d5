import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';

/** One choice of a `SelectField`. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  options: readonly SelectOption[];
  ref?: Ref<HTMLSelectElement>;
}

/** Labelled native select with one error message, styled like TextField. */
export function SelectField({ label, error, options, id, className, ...props }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'h-10 rounded-md border bg-white px-3 text-sm text-slate-900 disabled:bg-slate-50 disabled:text-slate-500',
          focusRing,
          'focus-visible:ring-offset-0',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Compact control classes for inputs inside table rows and filter rows. */
export const compactControl = cn(
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 disabled:bg-slate-50 disabled:text-slate-400',
  focusRing,
  'focus-visible:ring-offset-0',
);
