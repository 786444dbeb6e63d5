import { useEffect } from 'react';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { notify } from '@/components/ui/toast';
import { useLiveTail } from '../hooks/use-live-tail';
import { SendTestEventButton } from './send-test-event-button';
import { LiveBadge, PauseButton, TailLoadState } from './tail-controls';
import { TailRow } from './tail-row';

/** The events of this code as they arrive: latest first, pause/resume, send a test event. */
export function LiveTail({ event }: { event: EventDef }) {
  const tail = useLiveTail(event.brand_id, event.code);
  const { error } = tail.initial;
  useEffect(() => {
    if (error) notify.error(MESSAGES.events.failedTail(error.message));
  }, [error]);

  return (
    <section aria-labelledby="live-tail-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h3 id="live-tail-heading" className="text-base font-semibold text-slate-900">
            Live tail
          </h3>
          <LiveBadge live={tail.live} refusal={tail.refusal} />
        </div>
        <div className="flex items-center gap-2">
          <PauseButton {...tail} />
          <SendTestEventButton event={event} />
        </div>
      </div>
      {/*
        The stored events of this code did not load: the toast names the tail's load, this alert
        the tracking data the list lacks, with a retry (docs/product/messages.md#events). Events
        pushed since still show below it; "no events yet" would not be true.
      */}
      <TailLoadState initial={tail.initial} label="Loading live tail" />
      {tail.initial.isSuccess && tail.events.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600">
          No <code className="font-mono">{event.code}</code> events yet. They appear here as your
          website sends them.
        </p>
      ) : null}
      {!tail.initial.isPending && tail.events.length > 0 ? (
        <ul
          aria-label="Tracked events"
          className="overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          {tail.events.map((e) => (
            <TailRow key={e.message_id} event={e} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
