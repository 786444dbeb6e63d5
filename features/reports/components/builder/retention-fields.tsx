import { EventCodePicker } from '@/components/event-code-picker';
import { TextField } from '@/components/ui/text-field';
import { RETENTION_MAX_INTERVALS, type RetentionQuery } from '@/lib/contracts/reports';
import { errorAt, errorTree } from '../../lib/error-at';
import { PropertyFilterList } from './property-filter-list';

/**
 * A retention's start event (who enters a cohort) and its filters, return event and how many
 * periods to show.
 */
export function RetentionFields(props: {
  brandId: number;
  query: RetentionQuery;
  onChange: (query: RetentionQuery) => void;
  errors: unknown;
}) {
  const { brandId, query, onChange, errors } = props;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start gap-3">
        <EventCodePicker
          brandId={brandId}
          label="Start event"
          required
          value={query.start_event}
          error={errorAt(errors, 'start_event')}
          onChange={(event) => onChange({ ...query, start_event: event?.code ?? '' })}
          className="w-56"
        />
        <EventCodePicker
          brandId={brandId}
          label="Return event"
          required
          value={query.return_event}
          error={errorAt(errors, 'return_event')}
          onChange={(event) => onChange({ ...query, return_event: event?.code ?? '' })}
          className="w-56"
        />
        <TextField
          label="Periods"
          type="number"
          min={1}
          max={RETENTION_MAX_INTERVALS}
          value={Number.isFinite(query.intervals) ? String(query.intervals) : ''}
          error={errorAt(errors, 'intervals')}
          hint={`1 to ${RETENTION_MAX_INTERVALS}, the cohort's own first.`}
          onChange={(e) =>
            onChange({
              ...query,
              intervals: e.target.value === '' ? Number.NaN : Number(e.target.value),
            })
          }
          className="w-32"
        />
      </div>
      <PropertyFilterList
        brandId={brandId}
        events={[query.start_event]}
        label="Start event"
        filters={query.filters ?? []}
        errors={errorTree(errors, 'filters')}
        onChange={(filters) => onChange({ ...query, filters })}
      />
    </div>
  );
}
