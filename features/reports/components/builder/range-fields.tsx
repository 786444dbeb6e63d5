import { ReportControls } from '@/components/report-controls';
import type { ReportGranularity } from '@/lib/contracts/flow-runtime';
import type { ReportView } from '@/lib/report-view';
import type { ReportForm } from '../../lib/report-form';

const HINT = "Whole days on the product's clock, both included.";

/** The granularity a query is drawn in: a trend's buckets, a retention's periods; none for a funnel. */
function granularityOf(query: ReportForm['query']): ReportGranularity {
  if (query.type === 'trend') return query.granularity;
  if (query.type === 'retention') return query.period;
  return 'day';
}

/** The query's date range and granularity through the one range control of every report page. */
export function RangeFields(props: {
  query: ReportForm['query'];
  onChange: (query: ReportForm['query']) => void;
}) {
  const { query, onChange } = props;
  const view: ReportView = {
    date_preset: query.date_preset,
    from: query.from,
    to: query.to,
    granularity: granularityOf(query),
  };
  const apply = (next: ReportView) => {
    const range = { date_preset: next.date_preset, from: next.from, to: next.to };
    if (query.type === 'trend') onChange({ ...query, ...range, granularity: next.granularity });
    else if (query.type === 'retention') onChange({ ...query, ...range, period: next.granularity });
    else onChange({ ...query, ...range });
  };
  return (
    <ReportControls
      view={view}
      onViewChange={apply}
      showGranularity={query.type !== 'funnel'}
      granularityLabel={query.type === 'retention' ? 'Cohort period' : 'Group by'}
      rangeHint={HINT}
    />
  );
}
