import type { ReportForm } from '../../lib/report-form';
import { FunnelFields } from './funnel-fields';
import { RangeFields } from './range-fields';
import { RetentionFields } from './retention-fields';
import { TrendFields } from './trend-fields';

/** The fields of the query's type, then its date range. */
export function QueryFields(props: {
  brandId: number;
  query: ReportForm['query'];
  onChange: (query: ReportForm['query']) => void;
  errors: unknown;
}) {
  const { brandId, query, onChange, errors } = props;
  return (
    <>
      {query.type === 'trend' ? (
        <TrendFields brandId={brandId} query={query} onChange={onChange} errors={errors} />
      ) : query.type === 'funnel' ? (
        <FunnelFields brandId={brandId} query={query} onChange={onChange} errors={errors} />
      ) : (
        <RetentionFields brandId={brandId} query={query} onChange={onChange} errors={errors} />
      )}
      <RangeFields query={query} onChange={onChange} />
    </>
  );
}
