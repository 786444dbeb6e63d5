import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { formatInteger } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { useSegmentPreview } from '../hooks/use-segment-preview';
import { MESSAGES } from '@/lib/messages';

/**
 * How many customers the definition matches now, asked again after each pause in editing:
 * "Counting…" meanwhile, the count, or why it failed with Retry. Null `definition`: not countable
 * yet (a condition is incomplete).
 */
export function LiveCount(props: { brandId: number; definition: SegmentDefinitionInput | null }) {
  const { query, settling, active } = useSegmentPreview(props.brandId, props.definition);
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
  else if (query.data)
    body = (
      <span>
        <strong className="text-lg font-semibold text-slate-900">
          {query.data.exact ? '' : '~'}
          {formatInteger(query.data.count)}
        </strong>{' '}
        {query.data.count === 1 ? 'customer matches' : 'customers match'}
        {!query.data.exact && query.data.ci95
          ? ` (95%: ${formatInteger(query.data.ci95[0])}–${formatInteger(query.data.ci95[1])})`
          : null}
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
