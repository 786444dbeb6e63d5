import { RowsSkeleton } from '@/components/ui/skeleton';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { NoBrandState } from '@/components/no-brand-state';
import { Button, buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useBrandStore } from '@/stores/brand';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useEvents } from '../hooks/use-events';
import { EventsTable } from './events-table';
import { UndefinedEvents } from './undefined-events';
import { RetryAlert } from '@/components/ui/retry-alert';

/** /events (Events Management): the current product's events and its undefined events. */
export function EventsView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="events-heading">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="events-heading" className="text-lg font-semibold text-slate-900">
            Events
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Define the events your website sends and the attributes they carry.
          </p>
        </div>
        {brandId !== null ? (
          <Link href={paths.eventCreate()} className={buttonClasses()}>
            <PlusIcon className="h-4 w-4" />
            Create event
          </Link>
        ) : null}
      </div>
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        // A new product starts from a clean search.
        <BrandEvents key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function BrandEvents({ brandId }: { brandId: number }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const events = useEvents(brandId, debounced);
  const { error } = events;
  useEffect(() => {
    if (error) notify.error(MESSAGES.events.failedToGet(error.message));
  }, [error]);

  const rows = events.data?.pages.flatMap((p) => p.data) ?? [];
  const total = events.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <TextField
        label="Search events"
        type="search"
        placeholder="Name or code"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-4 max-w-sm"
      />
      {events.isPending ? (
        <RowsSkeleton label="Loading events" columns={['w-40', 'w-28', 'ml-auto w-16']} />
      ) : null}
      {events.isError && rows.length === 0 ? (
        <RetryAlert
          message={MESSAGES.events.failedToGet(events.error.message)}
          onRetry={() => void events.refetch()}
        />
      ) : null}
      {events.isSuccess && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
          {debounced ? MESSAGES.events.noMatches : MESSAGES.events.empty}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <>
          <EventsTable events={rows} />
          <div className="mt-3 flex items-center justify-between gap-4">
            <p className="text-xs text-slate-500" aria-live="polite">
              Showing {rows.length} of {total}
            </p>
            {events.hasNextPage ? (
              <Button
                variant="secondary"
                size="sm"
                loading={events.isFetchingNextPage}
                onClick={() => void events.fetchNextPage()}
              >
                Load more
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
      <UndefinedEvents brandId={brandId} />
    </>
  );
}
