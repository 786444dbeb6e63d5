import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PagedList, pagedRows } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { useBrandStore } from '@/stores/brand';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useEvents } from '../hooks/use-events';
import { EventsTable } from './events-table';
import { UndefinedEvents } from './undefined-events';

/** /events (Events Management): the current product's events and its undefined events. */
export function EventsView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="events-heading">
      <PageHeader
        id="events-heading"
        title="Events"
        description="Define the events your website sends and the attributes they carry."
        actions={
          brandId !== null ? (
            <div className="flex flex-wrap gap-2">
              <Link href={paths.eventsLive()} className={buttonClasses('secondary')}>
                Live events
              </Link>
              <Link href={paths.eventCreate()} className={buttonClasses()}>
                <PlusIcon className="h-4 w-4" />
                Create event
              </Link>
            </div>
          ) : null
        }
      />
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
  const { rows } = pagedRows(events);

  // A deleted row takes its focused button with it: keyboard focus goes back to the search.
  const searchRef = useRef<HTMLInputElement>(null);
  const deletedId = useRef<number | null>(null);
  const [deletions, setDeletions] = useState(0);
  const rowIds = rows.map((r) => r.id).join();
  useEffect(() => {
    const id = deletedId.current;
    if (id === null || rowIds.split(',').includes(String(id))) return;
    deletedId.current = null;
    searchRef.current?.focus();
  }, [rowIds, deletions]);

  return (
    <>
      <TextField
        ref={searchRef}
        label="Search events"
        type="search"
        placeholder="Name or code"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="mb-4 max-w-sm"
      />
      <PagedList
        query={events}
        loading={{ label: 'Loading events', columns: ['w-40', 'w-28', 'ml-auto w-16'] }}
        failed={MESSAGES.events.failedToGet}
        noMatches={debounced ? MESSAGES.events.noMatches : undefined}
        empty={{ text: MESSAGES.events.empty }}
      >
        {(rows) => (
          <EventsTable
            events={rows}
            onDeleted={(event) => {
              deletedId.current = event.id;
              setDeletions((n) => n + 1);
            }}
          />
        )}
      </PagedList>
      <UndefinedEvents brandId={brandId} />
    </>
  );
}
