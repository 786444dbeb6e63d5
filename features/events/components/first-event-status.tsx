import type { TrackedEvent } from '@/lib/contracts/events';
import { formatDateTime, NOT_AVAILABLE } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveTail } from '../hooks/use-live-tail';
import { TEST_ANONYMOUS_ID } from '../lib/test-event';

/** What the Integration page shows until the product's site has sent anything. */
export const WAITING_FOR_FIRST_EVENT = 'Waiting for the first event…';
/** Stored events read to find the newest one from the site (test events aside). */
const STATUS_TAIL_LIMIT = 20;

/** The newest event the site sent: "Send test event" of the dashboard does not count. */
export const fromSite = (events: readonly TrackedEvent[]) =>
  events.find((e) => e.anonymous_id !== TEST_ANONYMOUS_ID) ?? null;

/**
 * The installation's state, live: waiting until an event arrives from the product's site (over
 * the socket, no reload), then the time and page of the newest one.
 */
export function FirstEventStatus({ brandId }: { brandId: number }) {
  const tail = useLiveTail(brandId, null, STATUS_TAIL_LIMIT);
  if (tail.initial.isPending)
    return <Skeleton aria-label="Checking for events" className="h-12 w-full" />;
  if (tail.initial.isError)
    return (
      <RetryAlert
        message={MESSAGES.events.failedTrackingData(tail.initial.error.message)}
        onRetry={() => void tail.initial.refetch()}
      />
    );
  const last = fromSite(tail.events);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="install-status"
      data-state={last ? 'received' : 'waiting'}
      className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
    >
      <span
        aria-hidden="true"
        className={
          last
            ? 'mt-1.5 h-2 w-2 shrink-0 rounded-full bg-emerald-500'
            : 'mt-1.5 h-2 w-2 shrink-0 animate-pulse rounded-full bg-amber-400'
        }
      />
      {last ? (
        <p className="min-w-0 text-slate-700">
          <span className="font-medium text-slate-900">Events are arriving.</span> Last received{' '}
          <time dateTime={last.timestamp}>{formatDateTime(last.timestamp)}</time> from{' '}
          <span className="break-all font-mono text-xs">
            {last.url ?? last.path ?? NOT_AVAILABLE}
          </span>
          .
        </p>
      ) : (
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">{WAITING_FOR_FIRST_EVENT}</span> Open a page
          of your site with the snippet; it shows here as soon as it arrives.
        </p>
      )}
    </div>
  );
}
