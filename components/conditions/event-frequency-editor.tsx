import { isRange } from '@/lib/conditions';
import { FREQUENCY_TYPES } from '@/lib/contracts/flows';
import { cn } from '@/components/ui/cn';
import { frequencyFor, type Frequency, type FrequencyType } from './event-condition';
import { compactControl } from '@/components/ui/select-field';
import { EventNumberField, EventNumberPair } from './event-number-field';

const FREQUENCY_LABELS: Record<FrequencyType, string> = {
  at_least: 'at least',
  at_most: 'at most',
  exactly: 'exactly',
  between: 'between',
};

export interface EventFrequencyEditorProps {
  value: Frequency;
  onChange: (value: Frequency) => void;
  disabled?: boolean;
}

/**
 * "Happen frequency": how many times the event happened
 * (docs/product/entities.md#filter-operators-timeframes-and-granularities,
 * docs/product/entities.md#frequency-and-time-range-defaults).
 */
export function EventFrequencyEditor({ value, onChange, disabled }: EventFrequencyEditorProps) {
  const v = value.value;
  const range = isRange(v) ? v : { from: '', to: '' };
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Happen frequency</legend>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Frequency condition"
          value={value.condition_type ?? ''}
          disabled={disabled}
          onChange={(e) => {
            const type = FREQUENCY_TYPES.find((t) => t === e.target.value);
            if (type) onChange(frequencyFor(type));
          }}
          className={cn(compactControl, 'w-36')}
        >
          {FREQUENCY_TYPES.map((t) => (
            <option key={t} value={t}>
              {FREQUENCY_LABELS[t]}
            </option>
          ))}
        </select>
        {value.condition_type === 'between' ? (
          <EventNumberPair
            label="Frequency"
            value={range}
            disabled={disabled}
            onChange={(next) => onChange({ ...value, value: next })}
          />
        ) : (
          <EventNumberField
            label="Frequency value"
            value={v}
            disabled={disabled}
            onChange={(next) => onChange({ ...value, value: next })}
          />
        )}
        <span className="text-sm text-slate-500">times</span>
      </div>
    </fieldset>
  );
}
