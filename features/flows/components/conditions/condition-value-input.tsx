import type { ConditionValue, RangeValue } from '@/lib/conditions';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { digitsValue, type ValueKind } from '../../lib/condition-rows';

/** Compact control classes of the condition rows. */
export const conditionControl = cn(
  'h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
  focusRing,
  'focus-visible:ring-offset-0',
);

export interface ConditionValueInputProps {
  /** Accessible name prefix, e.g. "Condition 2". */
  label: string;
  kind: ValueKind;
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
  disabled?: boolean;
}

const asRange = (value: ConditionValue): RangeValue =>
  typeof value === 'object' && value !== null ? value : { from: '', to: '' };
const asText = (value: ConditionValue): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value);

/** Text, digits-only number, date, a from–to pair, True/False, or nothing for is (not) empty. */
export function ConditionValueInput({
  label,
  kind,
  value,
  onChange,
  disabled = false,
}: ConditionValueInputProps) {
  if (kind === 'none') return null;

  if (kind === 'date-range' || kind === 'number-range') {
    const range = asRange(value);
    const digits = kind === 'number-range';
    const read = (text: string) => (digits ? digitsValue(text) : text);
    return (
      <div className="flex items-center gap-1.5">
        <input
          type={digits ? 'text' : 'date'}
          inputMode={digits ? 'numeric' : undefined}
          aria-label={`${label} from`}
          value={String(range.from)}
          disabled={disabled}
          onChange={(e) => onChange({ ...range, from: read(e.target.value) })}
          className={cn(conditionControl, 'w-36')}
        />
        <span className="text-sm text-slate-500">to</span>
        <input
          type={digits ? 'text' : 'date'}
          inputMode={digits ? 'numeric' : undefined}
          aria-label={`${label} to`}
          value={String(range.to)}
          disabled={disabled}
          onChange={(e) => onChange({ ...range, to: read(e.target.value) })}
          className={cn(conditionControl, 'w-36')}
        />
      </div>
    );
  }

  if (kind === 'boolean') {
    return (
      <select
        aria-label={`${label} value`}
        value={typeof value === 'boolean' ? String(value) : ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value === 'true')}
        className={cn(conditionControl, 'w-44')}
      >
        <option value="">Select value</option>
        <option value="true">True</option>
        <option value="false">False</option>
      </select>
    );
  }

  const numeric = kind === 'number' || kind === 'days';
  return (
    <div className="flex items-center gap-1.5">
      <input
        type={kind === 'date' ? 'date' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        aria-label={`${label} value`}
        placeholder={kind === 'date' ? undefined : 'Value'}
        maxLength={255}
        value={asText(value)}
        disabled={disabled}
        onChange={(e) => onChange(numeric ? digitsValue(e.target.value) : e.target.value)}
        className={cn(conditionControl, kind === 'days' ? 'w-24' : 'w-44')}
      />
      {kind === 'days' ? <span className="text-sm text-slate-500">days ago</span> : null}
    </div>
  );
}
