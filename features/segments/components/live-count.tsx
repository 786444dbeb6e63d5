import type { SegmentPreview } from '@/api/segments';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { formatInteger } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { useSegmentPreview } from '../hooks/use-segment-preview';
import { MESSAGES } from '@/lib/messages';

/** "N customers match", or "About N customers match (95%: low–high)" for an estimate. */
function Matches(props: { data: SegmentPreview }) {
  const { count, exact, ci95 } = props.data;
  return (
    <span>
      {exact ? null : 'About '}
      <strong className="text-lg font-semibold text-slate-900">{formatInteger(count)}</strong>{' '}
      {count === 1 ? 'customer matches' : 'customers match'}
      {!exact && ci95 ? ` (95%: ${formatInteger(ci95[0])}–${formatInteger(ci95[1])})` : null}
    </span>
  );
}

/**
 * How many customers the definition matches now, asked again after each pause in editing:
 * "Counting…" meanwhile, the count, or why it failed with Retry. Null `definition`: not countable
 * yet (a condition is incomplete). An estimate (a large product, docs/segments.md "Preview")
 * offers Count exactly, whose answer replaces it; editing never waits for either.
 */
export function LiveCount(props: { brandId: number; definition: SegmentDefinitionInput | null }) {
  const { query, settling, active, exact } = useSegmentPreview(props.brandId, props.definition);
  let body;
  if (!active) body = <span className="text-slate-500">Complete the conditions to count.</span>;
  else if (settling || query.isFetching) body = <span>Counting…</span>;
  else if (query.isError)
    body = (
      <span className="flex flex-wrap items-center gap-2 text-red-700">
        {MESSAGES.segments.failedToCount(query.error.message)}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </span>
    );
  else if (query.data?.exact) body = <Matches data={query.data} />;
  else if (query.data && exact.asked && exact.query.data && !exact.query.isFetching)
    body = <Matches data={exact.query.data} />;
  else if (query.data)
    body = (
      <span className="flex flex-wrap items-center gap-2">
        <Matches data={query.data} />
        {exact.asked && exact.query.isFetching ? (
          <span className="text-slate-500">Counting exactly…</span>
        ) : (
          <>
            {exact.asked && exact.query.isError ? (
              <span className="text-red-700">
                {MESSAGES.segments.failedToCount(exact.query.error.message)}
              </span>
            ) : null}
            <Button variant="secondary" size="sm" onClick={exact.ask}>
              Count exactly
            </Button>
          </>
        )}
      </span>
    );
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Live count"
      className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
    >
      {body}
    </div>
  );
}
