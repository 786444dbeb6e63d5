import { isRange } from '@/lib/conditions';
import { TIMEFRAME_TYPES, TIME_UNITS } from '@/lib/contracts/flows';
import { cn } from '@/components/ui/cn';
import {
  timeframeFor,
  timeframeHasUnit,
  type Timeframe,
  type TimeframeType,
} from './event-condition';
import { compactControl } from '@/components/ui/select-field';
import { EventNumberField, EventNumberPair } from './event-number-field';

const TIMEFRAME_LABELS: Record<TimeframeType, string> = {
  in_the_last: 'in the last',
  more_than: 'more than',
  between: 'between',
  date_range: 'date range',
  anytime: 'anytime',
};

export interface EventTimeframeEditorProps {
  value: Timeframe;
  onChange: (value: Timeframe) => void;
  disabled?: boolean;
}

/**
 * "Time range": when the event happened
 * (docs/product/entities.md#filter-operators-timeframes-and-granularities,
 * docs/product/entities.md#frequency-and-time-range-defaults).
 */
export function EventTimeframeEditor({ value, onChange, disabled }: EventTimeframeEditorProps) {
  const type = value.condition_type;
  const v = value.value;
  const range = isRange(v) ? v : { from: '', to: '' };
  const dateInput = (end: 'from' | 'to') => (
    <input
      type="date"
      aria-label={`Time range ${end}`}
      value={String(range[end])}
      disabled={disabled}
      onChange={(e) => onChange({ ...value, value: { ...range, [end]: e.target.value } })}
      className={cn(compactControl, 'w-40')}
    />
  );
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Time range</legend>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label="Time range condition"
          value={type}
          disabled={disabled}
          onChange={(e) => {
            const next = TIMEFRAME_TYPES.find((t) => t === e.target.value);
            if (next) onChange(timeframeFor(next, value.unit));
          }}
          className={cn(compactControl, 'w-36')}
        >
          {TIMEFRAME_TYPES.map((t) => (
            <option key={t} value={t}>
              {TIMEFRAME_LABELS[t]}
            </option>
          ))}
        </select>
        {type === 'in_the_last' || type === 'more_than' ? (
          <EventNumberField
            label="Time range value"
            value={v}
            disabled={disabled}
            onChange={(next) => onChange({ ...value, value: next })}
          />
        ) : null}
        {type === 'between' ? (
          <EventNumberPair
            label="Time range"
            value={range}
            disabled={disabled}
            onChange={(next) => onChange({ ...value, value: next })}
          />
        ) : null}
        {type === 'date_range' ? (
          <>
            {dateInput('from')}
            <span className="text-sm text-slate-500">to</span>
            {dateInput('to')}
          </>
        ) : null}
        {timeframeHasUnit(type) ? (
          <select
            aria-label="Time range unit"
            value={value.unit ?? 'days'}
            disabled={disabled}
            onChange={(e) => {
              const unit = TIME_UNITS.find((u) => u === e.target.value);
              if (unit) onChange({ ...value, unit });
            }}
            className={cn(compactControl, 'w-28')}
          >
            {TIME_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        ) : null}
        {type === 'more_than' || type === 'between' ? (
          <span className="text-sm text-slate-500">ago</span>
        ) : null}
      </div>
    </fieldset>
  );
}
