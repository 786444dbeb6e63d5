import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { TEXT_MAX_LENGTH } from '@/lib/constants';
import { focusRing } from './button';
import { cn } from './cn';
import { FieldError } from './field-error';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The first validation message of the field, shown below the input. */
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Labelled input with one error message (docs/product/validation.md#51-forms-in-general); 255
 * characters unless told otherwise.
 */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  maxLength = TEXT_MAX_LENGTH,
  ...props
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-10 rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400',
          focusRing,
          'focus-visible:ring-offset-0',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...props}
      />
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
