import Link from 'next/link';
import { useRouter } from 'next/router';
import type { EventAttribute } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { useBrandStore } from '@/stores/brand';
import { useCreateEvent } from '../hooks/use-create-event';
import { attributesFromQuery } from '../lib/infer-attributes';
import { EventForm } from './event-form';
import { EventFormSkeleton } from './event-form-skeleton';

/**
 * /events/create: a new event of the current product; `?code=` prefills it (undefined events) and
 * `attr=type:key` its attributes (Live events' Define, with the types inferred from the values).
 */
export function CreateEventView() {
  const router = useRouter();
  const brandId = useBrandStore((s) => s.brandId);
  if (!router.isReady) return <EventFormSkeleton />;
  if (brandId === null) return <NoBrandState title="No tracked product" />;
  const code = typeof router.query.code === 'string' ? router.query.code.trim() : '';
  const attributes = attributesFromQuery(router.query.attr);
  return (
    <CreateEventForm
      key={`${brandId}:${code}:${attributes.map((a) => `${a.data_type}:${a.code}`).join()}`}
      brandId={brandId}
      code={code}
      attributes={attributes}
    />
  );
}

function CreateEventForm({
  brandId,
  code,
  attributes,
}: {
  brandId: number;
  code: string;
  attributes: EventAttribute[];
}) {
  const router = useRouter();
  const create = useCreateEvent({
    onSuccess: (event) => {
      notify.success(MESSAGES.events.created);
      void router.push(paths.event(event.id));
    },
    onError: (error) => notify.error(MESSAGES.events.failedToCreate(error.message)),
  });
  return (
    <section aria-labelledby="create-event-heading">
      <h2 id="create-event-heading" className="mb-6 text-lg font-semibold text-slate-900">
        New event
      </h2>
      <EventForm
        // An undefined event is defined under its own code; the name starts as the code.
        defaultValues={{ brand_id: brandId, name: code, code, attributes }}
        submitLabel="Create event"
        pending={create.isPending}
        onSubmit={(body) => create.mutate(body)}
        serverError={create.error}
        actions={
          <Link href={paths.events()} className={buttonClasses('secondary')}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
