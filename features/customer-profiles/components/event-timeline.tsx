import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfileTimeline } from '../hooks/use-profile-timeline';
import { DetailCard } from './detail-card';
import { TimelineItem } from './timeline-item';
import { RetryAlert } from '@/components/ui/retry-alert';

/** The customer's tracked events, newest first, one page per "Load more". */
export function EventTimeline({ profileId }: { profileId: number }) {
  const timeline = useProfileTimeline(profileId);
  const events = timeline.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <DetailCard title="Event timeline">
      {timeline.isPending ? (
        <div role="status" aria-label="Loading events" className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : null}
      {timeline.isError ? (
        <RetryAlert message={timeline.error.message} onRetry={() => void timeline.refetch()} />
      ) : null}
      {timeline.isSuccess && events.length === 0 ? (
        <p className="text-sm text-slate-500">No events tracked for this customer yet.</p>
      ) : null}
      {events.length > 0 ? (
        <ol aria-label="Events" className="divide-y divide-slate-100">
          {events.map((event) => (
            <TimelineItem key={event.message_id} event={event} />
          ))}
        </ol>
      ) : null}
      {timeline.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          loading={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </DetailCard>
  );
}
