import { useId, useState, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { THEME_COLOR } from '@/lib/contracts/theme';
import { focusRing } from './button';
import { cn } from './cn';
import { FieldError } from './field-error';

/** Props of `ColorField`. */
export interface ColorFieldProps {
  label: string;
  /** A hex colour such as #2563eb (#rgb, #rgba, #rrggbb or #rrggbbaa). */
  value: string | undefined;
  /** A colour from the picker, or (without `registration`) a complete hex typed in the text input. */
  onChange: (hex: string) => void;
  disabled?: boolean;
  /** The first validation message of the field, shown below it. */
  error?: string;
  /**
   * The text input as a react-hook-form field: the form keeps (and validates) what is typed.
   * Without it the field keeps half-typed hex to itself and reports only complete colours.
   */
  registration?: UseFormRegisterReturn;
  /**
   * Which input the visible label names. `text` (a form of colours, the theme editor): the text
   * input is "{label}" and the picker "Pick {label}". `picker` (the tour editor): the picker is
   * "{label}" and the text input "{label} hex".
   */
  labels?: 'text' | 'picker';
}

/** `<input type=color>` only takes #rrggbb: widen #abc(d), drop an alpha pair; anything else black. */
export function toPickerValue(hex: string | undefined): string {
  const h = (hex ?? '').trim().toLowerCase();
  if (/^#[0-9a-f]{3,4}$/.test(h)) return `#${[...h.slice(1, 4)].map((c) => c + c).join('')}`;
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(h)) return h.slice(0, 7);
  return '#000000';
}

/** A hex colour: a text input and a colour picker that writes into it. */
export function ColorField({
  label,
  value = '',
  onChange,
  disabled,
  error,
  registration,
  labels = 'picker',
}: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // Adopt a new value from outside (picker, reset, another step) without an effect.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const text = registration ?? {
    value: draft,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setDraft(e.target.value);
      const hex = e.target.value.trim();
      if (THEME_COLOR.test(hex)) onChange(hex.toLowerCase());
    },
    onBlur: () => setDraft(value),
  };
  const invalid = registration ? !!error : !!error || !THEME_COLOR.test(draft.trim());
  const textLabelled = labels === 'text';

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={textLabelled ? undefined : id}
          type="color"
          aria-label={textLabelled ? `Pick ${label.toLowerCase()}` : undefined}
          value={toPickerValue(value)}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={cn(
            'h-10 w-10 shrink-0 cursor-pointer rounded-md border border-slate-300',
            focusRing,
          )}
        />
        <input
          id={textLabelled ? id : undefined}
          type="text"
          aria-label={textLabelled ? undefined : `${label} hex`}
          maxLength={9}
          spellCheck={false}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'h-10 min-w-0 flex-1 rounded-md border bg-white px-3 font-mono text-sm text-slate-900 disabled:bg-slate-50',
            focusRing,
            'focus-visible:ring-offset-0',
            error ? 'border-red-500' : 'border-slate-300',
          )}
          {...text}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
