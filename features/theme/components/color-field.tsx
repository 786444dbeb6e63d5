import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';

const SIX = /^#[0-9a-f]{6}$/i;
const THREE = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** What a colour swatch can show of a hex value (#rgb widened; anything else black). */
function swatchValue(value: string | undefined): string {
  if (value && SIX.test(value)) return value.toLowerCase();
  const short = value?.match(THREE);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : '#000000';
}

/** A hex colour: a text input (the value saved) and a colour picker that writes into it. */
export function ColorField({
  label,
  value,
  error,
  registration,
  onPick,
}: {
  label: string;
  value: string | undefined;
  error?: string;
  registration: UseFormRegisterReturn;
  onPick: (hex: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`Pick ${label.toLowerCase()}`}
          value={swatchValue(value)}
          onChange={(e) => onPick(e.target.value)}
          className={cn(
            'h-10 w-10 shrink-0 cursor-pointer rounded-md border border-slate-300',
            focusRing,
          )}
        />
        <input
          id={id}
          type="text"
          maxLength={9}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'h-10 min-w-0 flex-1 rounded-md border bg-white px-3 font-mono text-sm text-slate-900',
            focusRing,
            'focus-visible:ring-offset-0',
            error ? 'border-red-500' : 'border-slate-300',
          )}
          {...registration}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
