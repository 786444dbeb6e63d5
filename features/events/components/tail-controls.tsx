import type { UseQueryResult } from '@tanstack/react-query';
import type { TrackedEvent } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import type { ApiError } from '@/api/http';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Pill } from '@/components/ui/pill';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';

/** Whether the tail's socket room is joined ("Live"), with the server's refusal as a title. */
export function LiveBadge({ live, refusal }: { live: boolean; refusal: string | null }) {
  return (
    <Pill
      role="status"
      title={refusal ?? undefined}
      tone={live ? 'on' : 'off'}
      className="inline-flex items-center gap-1.5"
    >
      <span
        aria-hidden="true"
        className={cn(
          'h-2 w-2 rounded-full',
          live ? 'animate-pulse bg-emerald-500' : 'bg-slate-400',
        )}
      />
      {live ? 'Live' : 'Not live'}
    </Pill>
  );
}

/** Pause, or Resume with the count of events held meanwhile. */
export function PauseButton(props: {
  paused: boolean;
  heldCount: number;
  pause: () => void;
  resume: () => void;
}) {
  return props.paused ? (
    <Button variant="secondary" size="sm" onClick={props.resume}>
      Resume
      {props.heldCount > 0 ? (
        <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">
          {props.heldCount} new
        </span>
      ) : null}
    </Button>
  ) : (
    <Button variant="secondary" size="sm" onClick={props.pause}>
      Pause
    </Button>
  );
}

/**
 * The load of a tail's stored events: the alert naming what the list lacks, with a retry
 * (docs/product/messages.md#events), or skeleton rows while it loads. Events pushed meanwhile
 * still show below it.
 */
export function TailLoadState({
  initial,
  label,
}: {
  initial: UseQueryResult<TrackedEvent[], ApiError>;
  label: string;
}) {
  if (initial.isError)
    return (
      <RetryAlert
        className="mb-3"
        message={MESSAGES.events.failedTrackingData(initial.error.message)}
        onRetry={() => void initial.refetch()}
      />
    );
  if (initial.isPending)
    return (
      <div role="status" aria-label={label} className="flex flex-col gap-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  return null;
}
