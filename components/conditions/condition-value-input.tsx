import type { ConditionValue, RangeValue } from '@/lib/conditions';
import { cn } from '@/components/ui/cn';
import { compactControl } from '@/components/ui/select-field';
import { digitsValue, type ValueKind } from './value-kind';

export interface ConditionValueInputProps {
  /** Accessible name prefix, e.g. "Condition 2". */
  label: string;
  /** The input the row needs (`valueKindFor`); `unset` while no attribute is chosen. */
  kind: ValueKind | 'unset';
  value: ConditionValue;
  onChange: (value: ConditionValue) => void;
  /**
   * How numbers are typed: `digits` keeps digits only and stores a number
   * (docs/product/validation.md#51-forms-in-general); `native` is a number field holding text.
   */
  numbers?: 'digits' | 'native';
  disabled?: boolean;
}

const asRange = (value: ConditionValue): RangeValue =>
  typeof value === 'object' && value !== null ? value : { from: '', to: '' };
const asText = (value: ConditionValue): string =>
  value === null || value === undefined || typeof value === 'object' ? '' : String(value);

/**
 * The value editor of one condition row, in the profile filter and the flow editor's dialogs:
 * text, number, date, "days ago", a from–to pair, True/False, or nothing for is (not) empty. The
 * values are checked where the row is saved (docs/product/validation.md#56-condition-value-checks).
 */
export function ConditionValueInput({
  label,
  kind,
  value,
  onChange,
  numbers = 'digits',
  disabled = false,
}: ConditionValueInputProps) {
  const digits = numbers === 'digits';
  const numberInput = {
    type: digits ? 'text' : 'number',
    inputMode: digits ? ('numeric' as const) : ('decimal' as const),
  };
  const readNumber = (text: string): ConditionValue => (digits ? digitsValue(text) : text);

  if (kind === 'none') return null;
  if (kind === 'unset') {
    return (
      <input
        aria-label={`${label} value`}
        disabled
        placeholder="Value"
        className={cn(compactControl, 'w-44')}
      />
    );
  }

  if (kind === 'date-range' || kind === 'number-range') {
    const range = asRange(value);
    const onDates = kind === 'date-range';
    const field = onDates ? { type: 'date' } : numberInput;
    const read = (text: string) => (onDates ? text : readNumber(text)) as RangeValue['from'];
    return (
      <div className="flex items-center gap-1.5">
        <input
          {...field}
          aria-label={`${label} from`}
          value={String(range.from)}
          disabled={disabled}
          onChange={(e) => onChange({ ...range, from: read(e.target.value) })}
          className={cn(compactControl, 'w-36')}
        />
        <span className="text-sm text-slate-500">to</span>
        <input
          {...field}
          aria-label={`${label} to`}
          value={String(range.to)}
          disabled={disabled}
          onChange={(e) => onChange({ ...range, to: read(e.target.value) })}
          className={cn(compactControl, 'w-36')}
        />
      </div>
    );
  }

  if (kind === 'boolean') {
    return (
      <select
        aria-label={`${label} value`}
        value={typeof value === 'boolean' ? String(value) : asText(value)}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? '' : e.target.value === 'true')}
        className={cn(compactControl, 'w-44')}
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
        {...(kind === 'date' ? { type: 'date' } : numeric ? numberInput : { type: 'text' })}
        aria-label={`${label} value`}
        placeholder={kind === 'date' ? undefined : 'Value'}
        maxLength={255}
        value={asText(value)}
        disabled={disabled}
        onChange={(e) => onChange(numeric ? readNumber(e.target.value) : e.target.value)}
        className={cn(compactControl, kind === 'days' ? 'w-24' : 'w-44')}
      />
      {kind === 'days' ? <span className="text-sm text-slate-500">days ago</span> : null}
    </div>
  );
}
