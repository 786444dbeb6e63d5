import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { EMPTY_LIST_TEXT } from '@/components/ui/dropdown-parts';
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
  /** The first, empty choice (e.g. "Select a step"). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * Labelled native select with one error message, styled like TextField. Without options it says
 * so (docs/product/messages.md#empty-lists).
 */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id,
  className,
  ...props
}: SelectFieldProps) {
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
        {options.length === 0 ? (
          <option value="">{EMPTY_LIST_TEXT['no-data']}</option>
        ) : placeholder !== undefined ? (
          <option value="">{placeholder}</option>
        ) : null}
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

/** Compact control classes for inputs inside table rows, filter rows and condition rows. */
export const compactControl = cn(
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  focusRing,
  'focus-visible:ring-offset-0',
);
