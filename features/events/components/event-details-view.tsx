import { useRouter } from 'next/router';
import { useEffect } from 'react';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { notify } from '@/components/ui/toast';
import { useEventDefinition } from '@/hooks/use-event-definition';
import { useUpdateEvent } from '../hooks/use-update-event';
import { parseEventId } from '../lib/event-id';
import { DeleteEventButton } from './delete-event-button';
import { EventForm } from './event-form';
import { EventFormSkeleton } from './event-form-skeleton';
import { LiveTail } from './live-tail';

/** /events/[id] (Event Details): edit the definition, delete it, watch its live tail. */
export function EventDetailsView() {
  const router = useRouter();
  const routeId = typeof router.query.id === 'string' ? router.query.id : '';
  const id = parseEventId(routeId);
  const event = useEventDefinition(id);
  const { error } = event;
  useEffect(() => {
    if (error && error.status !== 404) notify.error(MESSAGES.events.fetchError(error.message));
  }, [error]);

  if (!router.isReady) return <EventFormSkeleton />;
  if (id === null || error?.status === 404)
    return <FormAlert>{MESSAGES.events.notFound}</FormAlert>;
  if (event.isError) {
    return (
      <RetryAlert
        message={MESSAGES.events.fetchError(event.error.message)}
        onRetry={() => void event.refetch()}
      />
    );
  }
  const data = event.data;
  if (!data) return <EventFormSkeleton />;
  return (
    <div className="flex flex-col gap-10">
      {/* A saved event restarts the form from what the server stored. */}
      <EditEventForm key={data.updated_at} event={data} routeId={routeId} />
      {/* The tail follows the saved code: a changed code joins a new room. */}
      <LiveTail key={`${data.brand_id}:${data.code}`} event={data} />
    </div>
  );
}

function EditEventForm({ event, routeId }: { event: EventDef; routeId: string }) {
  const update = useUpdateEvent({
    onSuccess: () => notify.success(MESSAGES.events.updated),
    onError: (error) => notify.error(MESSAGES.events.failedToUpdate(error.message)),
  });
  return (
    <section aria-labelledby="event-heading">
      <h2 id="event-heading" className="mb-6 text-lg font-semibold text-slate-900">
        {event.name}
      </h2>
      <EventForm
        defaultValues={{
          brand_id: event.brand_id,
          name: event.name,
          code: event.code,
          attributes: event.attributes,
        }}
        submitLabel="Save changes"
        pending={update.isPending}
        onSubmit={(body) => update.mutate({ id: routeId, body })}
        serverError={update.error}
        actions={<DeleteEventButton event={event} />}
      />
    </section>
  );
}
