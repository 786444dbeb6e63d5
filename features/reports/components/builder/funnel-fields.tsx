import { EventCodePicker } from '@/components/event-code-picker';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  FUNNEL_LIMITS,
  FUNNEL_WINDOW_UNITS,
  type FunnelQuery,
  type FunnelWindowUnit,
} from '@/lib/contracts/reports';
import { timeUnitOf } from '@/lib/time-units';
import { errorAt, errorTree } from '../../lib/error-at';
import { PropertyFilterList } from './property-filter-list';

type Step = FunnelQuery['steps'][number];

const UNIT_LABELS: Record<FunnelWindowUnit, string> = {
  seconds: 'seconds',
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
  weeks: 'weeks',
  months: 'months (30 days)',
};

/** A funnel's ordered steps (2–10, each an event with filters) and its conversion window. */
export function FunnelFields(props: {
  brandId: number;
  query: FunnelQuery;
  onChange: (query: FunnelQuery) => void;
  errors: unknown;
}) {
  const { brandId, query, onChange, errors } = props;
  const steps = query.steps;
  const setStep = (i: number, next: Step) =>
    onChange({ ...query, steps: steps.map((s, j) => (j === i ? next : s)) });
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange({ ...query, steps: next });
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {steps.map((s, i) => {
          const label = `Step ${i + 1}`;
          return (
            <li key={i} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-start gap-3">
                <EventCodePicker
                  brandId={brandId}
                  label={label}
                  required
                  value={s.event}
                  error={errorAt(errors, `steps.${i}.event`)}
                  onChange={(event) => setStep(i, { ...s, event: event?.code ?? '' })}
                  className="w-56"
                />
                <div className="mt-6 flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${label} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${label} down`}
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </Button>
                  {steps.length > FUNNEL_LIMITS.minSteps ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${label}`}
                      onClick={() => onChange({ ...query, steps: steps.filter((_, j) => j !== i) })}
                    >
                      Remove
                    </Button>
                  ) : null}
                </div>
              </div>
              <PropertyFilterList
                brandId={brandId}
                events={[s.event]}
                label={label}
                filters={s.filters ?? []}
                errors={errorTree(errors, `steps.${i}.filters`)}
                onChange={(filters) => setStep(i, { ...s, filters })}
              />
            </li>
          );
        })}
      </ol>
      {steps.length < FUNNEL_LIMITS.maxSteps ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => onChange({ ...query, steps: [...steps, { event: '', filters: [] }] })}
        >
          + Add step
        </Button>
      ) : null}
      <fieldset className="flex flex-wrap items-start gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-700">Conversion window</legend>
        <TextField
          label="Within"
          type="number"
          min={1}
          value={Number.isFinite(query.window.value) ? String(query.window.value) : ''}
          error={errorAt(errors, 'window.value') ?? errorAt(errors, 'window')}
          onChange={(e) =>
            onChange({
              ...query,
              window: {
                ...query.window,
                value: e.target.value === '' ? Number.NaN : Number(e.target.value),
              },
            })
          }
          className="w-28"
        />
        <SelectField
          label="Unit"
          options={FUNNEL_WINDOW_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
          // A report saved with a singular word (`day`) shows its plural.
          value={timeUnitOf(query.window.unit) ?? query.window.unit}
          onChange={(e) =>
            onChange({
              ...query,
              window: { ...query.window, unit: e.target.value as FunnelWindowUnit },
            })
          }
          className="w-32"
        />
        <p className="mt-7 text-xs text-slate-500">
          of a customer&apos;s first step, at most {FUNNEL_LIMITS.windowDays} days.
        </p>
      </fieldset>
    </div>
  );
}
