import { useId, useState } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** Props of `ColorField`. */
export interface ColorFieldProps {
  label: string;
  /** A hex colour such as #2563eb (the contract accepts 3 to 8 hex digits). */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `<input type=color>` only takes #rrggbb: widen #abc and drop an alpha pair. */
export function toPickerValue(hex: string): string {
  const h = hex.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(h)) return `#${[...h.slice(1)].map((c) => c + c).join('')}`;
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(h)) return h.slice(0, 7);
  return '#000000';
}

/** A colour picker and a hex text input kept in step; half-typed hex stays local. */
export function ColorField({ label, value, onChange, disabled }: ColorFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // Adopt a new value from outside (picker, other step) without an effect.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          value={toPickerValue(value)}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className={cn('h-10 w-12 cursor-pointer rounded-md border border-slate-300', focusRing)}
        />
        <input
          type="text"
          aria-label={`${label} hex`}
          value={draft}
          maxLength={9}
          disabled={disabled}
          aria-invalid={HEX.test(draft) ? undefined : true}
          onChange={(e) => {
            setDraft(e.target.value);
            if (HEX.test(e.target.value.trim())) onChange(e.target.value.trim().toLowerCase());
          }}
          onBlur={() => setDraft(value)}
          className={cn(
            'h-10 w-28 rounded-md border border-slate-300 bg-white px-2 font-mono text-sm disabled:bg-slate-50',
            focusRing,
            'focus-visible:ring-offset-0',
          )}
        />
      </div>
    </div>
  );
}
