import { EventCodePicker } from '@/components/event-code-picker';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  PROPERTY_MEASURES,
  REPORT_LIMITS,
  type BreakdownSource,
  type TrendQuery,
  type TrendMeasure,
} from '@/lib/contracts/reports';
import { errorAt, errorTree } from '../../lib/error-at';
import { usePropertyGroups } from '../../hooks/use-property-groups';
import { PropertyFilterList } from './property-filter-list';
import { PropertyPicker } from './property-picker';

type Series = TrendQuery['series'][number];

const MEASURE_OPTIONS: { value: TrendMeasure; label: string }[] = [
  { value: 'total', label: 'Total events' },
  { value: 'unique', label: 'Unique customers' },
  { value: 'per_user', label: 'Events per customer' },
  { value: 'sum', label: 'Sum of a property' },
  { value: 'avg', label: 'Average of a property' },
];

/**
 * A trend's series (an event, what to measure of it, its filters), an optional breakdown by an
 * event property, and whether to compare with the period before.
 */
export function TrendFields(props: {
  brandId: number;
  query: TrendQuery;
  onChange: (query: TrendQuery) => void;
  errors: unknown;
}) {
  const { brandId, query, onChange, errors } = props;
  const series = query.series;
  const properties = usePropertyGroups(
    brandId,
    series.map((s) => s.event),
  );
  const setSeries = (i: number, next: Series) =>
    onChange({ ...query, series: series.map((s, j) => (j === i ? next : s)) });
  return (
    <div className="flex flex-col gap-4">
      {series.map((s, i) => {
        const label = `Series ${i + 1}`;
        return (
          <fieldset key={i} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
            <div className="flex flex-wrap items-start gap-3">
              <EventCodePicker
                brandId={brandId}
                label="Event"
                required
                value={s.event}
                error={errorAt(errors, `series.${i}.event`)}
                onChange={(event) => setSeries(i, { ...s, event: event?.code ?? '' })}
                className="w-56"
              />
              <SelectField
                label="Measure"
                options={MEASURE_OPTIONS}
                value={s.measure}
                onChange={(e) => {
                  const measure = e.target.value as TrendMeasure;
                  // A measure without a property forgets the one typed for sum or average.
                  setSeries(i, {
                    ...s,
                    measure,
                    property: PROPERTY_MEASURES.includes(measure) ? s.property : undefined,
                  });
                }}
                className="w-52"
              />
              {PROPERTY_MEASURES.includes(s.measure) ? (
                <TextField
                  label="Numeric property"
                  placeholder="e.g. total"
                  value={s.property ?? ''}
                  error={errorAt(errors, `series.${i}.property`)}
                  onChange={(e) => setSeries(i, { ...s, property: e.target.value || undefined })}
                  className="w-40"
                />
              ) : null}
              {series.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-6"
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange({ ...query, series: series.filter((_, j) => j !== i) })}
                >
                  Remove
                </Button>
              ) : null}
            </div>
            <PropertyFilterList
              brandId={brandId}
              events={[s.event]}
              label={label}
              filters={s.filters ?? []}
              errors={errorTree(errors, `series.${i}.filters`)}
              onChange={(filters) => setSeries(i, { ...s, filters })}
            />
          </fieldset>
        );
      })}
      {series.length < REPORT_LIMITS.series ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() =>
            onChange({
              ...query,
              series: [...series, { event: '', measure: 'total', filters: [] }],
            })
          }
        >
          + Add series
        </Button>
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label="Break down by"
          options={[
            { value: 'event', label: 'Event property' },
            { value: 'profile', label: 'Customer attribute' },
            { value: 'metadata', label: 'Customer metadata' },
          ]}
          value={query.breakdown?.source ?? 'event'}
          onChange={(e) => {
            const source = e.target.value as BreakdownSource;
            const property = query.breakdown?.property ?? '';
            // No property and an event source is no breakdown at all.
            onChange({
              ...query,
              breakdown: property === '' && source === 'event' ? undefined : { property, source },
            });
          }}
          className="w-48"
        />
        <PropertyPicker
          label={(query.breakdown?.source ?? 'event') === 'event' ? 'Property' : 'Attribute'}
          placeholder={query.breakdown?.source === 'profile' ? 'e.g. country' : 'e.g. plan'}
          value={query.breakdown?.property ?? ''}
          source={query.breakdown?.source}
          groups={properties.groups}
          loading={properties.loading}
          error={errorAt(errors, 'breakdown.property')}
          hint={`The ${REPORT_LIMITS.breakdownTop} largest values, the rest as Other. Empty: no breakdown.`}
          onChange={(property, option) =>
            onChange({
              ...query,
              breakdown:
                property === ''
                  ? undefined
                  : { property, source: option?.source ?? query.breakdown?.source ?? 'event' },
            })
          }
          className="w-56"
        />
        <label className="mb-7 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={query.compare ?? false}
            onChange={(e) => onChange({ ...query, compare: e.target.checked })}
          />
          Compare with the period before
        </label>
      </div>
    </div>
  );
}
