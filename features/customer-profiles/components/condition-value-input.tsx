import type { ConditionType, DataType, RangeValue } from '@/lib/conditions';
import { cn } from '@/components/ui/cn';
import { needsValue, type DraftValue } from '../lib/condition-filter';
import { compactControl } from '@/components/ui/select-field';

export interface ConditionValueInputProps {
  /** Accessible name prefix, e.g. "Condition 2". */
  label: string;
  dataType: DataType | null;
  conditionType: ConditionType | null;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
}

const inputTypeFor = (dataType: DataType) =>
  dataType === 'number' ? 'number' : dataType === 'date' ? 'date' : 'text';

/** The value editor of one filter row: text, number, date, True/False, or a from–to pair. */
export function ConditionValueInput({
  label,
  dataType,
  conditionType,
  value,
  onChange,
}: ConditionValueInputProps) {
  if (!dataType || !conditionType) {
    return (
      <input
        aria-label={`${label} value`}
        disabled
        placeholder="Value"
        className={cn(compactControl, 'w-44')}
      />
    );
  }
  if (!needsValue(conditionType)) return null;

  if (typeof value === 'object') {
    const range: RangeValue = value;
    const type = inputTypeFor(dataType);
    return (
      <div className="flex items-center gap-1.5">
        <input
          type={type}
          aria-label={`${label} from`}
          value={String(range.from)}
          onChange={(e) => onChange({ ...range, from: e.target.value })}
          className={cn(compactControl, 'w-36')}
        />
        <span className="text-sm text-slate-500">to</span>
        <input
          type={type}
          aria-label={`${label} to`}
          value={String(range.to)}
          onChange={(e) => onChange({ ...range, to: e.target.value })}
          className={cn(compactControl, 'w-36')}
        />
      </div>
    );
  }

  if (dataType === 'boolean') {
    return (
      <select
        aria-label={`${label} value`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(compactControl, 'w-44')}
      >
        <option value="">Select value</option>
        <option value="true">True</option>
        <option value="false">False</option>
      </select>
    );
  }

  return (
    <input
      type={inputTypeFor(dataType)}
      inputMode={dataType === 'number' ? 'decimal' : undefined}
      aria-label={`${label} value`}
      placeholder={dataType === 'date' ? undefined : 'Value'}
      maxLength={255}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(compactControl, 'w-44')}
    />
  );
}
