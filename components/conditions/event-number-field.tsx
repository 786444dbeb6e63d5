import { cn } from '@/components/ui/cn';
import { digitsValue } from './value-kind';
import { compactControl } from '@/components/ui/select-field';

export interface EventNumberFieldProps {
  label: string;
  value: unknown;
  /** The typed digits as a number, or null when blank. */
  onChange: (value: number | null) => void;
  disabled?: boolean;
}

/** A digits-only number box of the frequency and time range editors. */
export function EventNumberField({ label, value, onChange, disabled }: EventNumberFieldProps) {
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={label}
      value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
      disabled={disabled}
      onChange={(e) => {
        const next = digitsValue(e.target.value);
        onChange(next === '' ? null : next);
      }}
      className={cn(compactControl, 'w-20')}
    />
  );
}

/** A from–to pair of digits-only boxes; a blank end is kept as ''. */
export function EventNumberPair({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: { from: number | string; to: number | string };
  onChange: (value: { from: number | string; to: number | string }) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <EventNumberField
        label={`${label} from`}
        value={value.from}
        disabled={disabled}
        onChange={(from) => onChange({ ...value, from: from ?? '' })}
      />
      <span className="text-sm text-slate-500">to</span>
      <EventNumberField
        label={`${label} to`}
        value={value.to}
        disabled={disabled}
        onChange={(to) => onChange({ ...value, to: to ?? '' })}
      />
    </>
  );
}
