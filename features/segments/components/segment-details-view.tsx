import Link from 'next/link';
import type { Segment } from '@/lib/contracts/segments';
import { formatDateTime, formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { pagedRows } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { buttonClasses } from '@/components/ui/button';
import { useSegmentMembers } from '../hooks/use-segment-members';
import { useSegments } from '../hooks/use-segments';
import { SEGMENT_COPY } from '../lib/copy';
import { ExportCsvLink } from './export-csv-link';
import { WithSegment } from './segment-id';
import { SegmentMembers } from './segment-members';
import { SegmentRules } from './segment-rules';

/** /segments/{id}: the rules, the count and when it was computed, the members, the export. */
export function SegmentDetailsView() {
  return (
    <WithSegment>{(segment) => <LoadedSegment key={segment.id} segment={segment} />}</WithSegment>
  );
}

/**
 * "N members · computed {when}": the members answer's total and time (always current) once it
 * is in, the segment's stored count until then.
 */
function countText(
  segment: Segment,
  live: { total: number; computed_at: string | null } | undefined,
): string {
  const n = live ? live.total : segment.member_count;
  const at = live ? live.computed_at : segment.computed_at;
  if (n === null || !at) return SEGMENT_COPY.notCounted;
  return `${formatInteger(n)} ${n === 1 ? 'member' : 'members'} · computed ${formatDateTime(at)}`;
}

function LoadedSegment({ segment }: { segment: Segment }) {
  const list = useSegments(segment.brand_id, '');
  const names = pagedRows(list).rows;
  const segmentName = (id: number) => names.find((s) => s.id === id)?.name;
  // The same query as the members table's (one request): its first page carries the total.
  const members = useSegmentMembers(segment.id);
  return (
    <section aria-labelledby="segment-heading" className="flex flex-col gap-6">
      <PageHeader
        id="segment-heading"
        title={segment.name}
        description={countText(segment, members.data?.pages[0])}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <ExportCsvLink segmentId={segment.id} name={segment.name} />
            <Link href={paths.segmentEdit(segment.id)} className={buttonClasses()}>
              Edit segment
            </Link>
          </div>
        }
      />
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Rules</h3>
        <SegmentRules definition={segment.definition} segmentName={segmentName} />
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Members</h3>
        <SegmentMembers segmentId={segment.id} />
      </div>
    </section>
  );
}
