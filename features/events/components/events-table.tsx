import Link from 'next/link';
import type { EventListItem } from '@/lib/contracts/events';
import { formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { formatLastSeen } from '../lib/last-seen';
import { DeleteEventButton } from './delete-event-button';

/**
 * The defined events of a product with their traffic over the last 30 days. Each row ends with a
 * delete button (the details page's confirmation and messages); `onDeleted` runs once it is gone.
 */
export function EventsTable({
  events,
  onDeleted,
}: {
  events: EventListItem[];
  onDeleted?: (event: EventListItem) => void;
}) {
  return (
    <Table caption="Defined events">
      <THead>
        <Th>Name</Th>
        <Th>Code</Th>
        <Th align="right">Attributes</Th>
        <Th align="right">Volume (30 days)</Th>
        <Th>Last seen</Th>
      </THead>
      <TBody>
        {events.map((event) => (
          <Tr key={event.id}>
            <RowHeader>
              <Link
                href={paths.event(event.id)}
                className="text-brand-700 hover:underline focus-visible:underline"
              >
                {event.name}
              </Link>
            </RowHeader>
            <Td>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
                {event.code}
              </code>
            </Td>
            <Td align="right">{event.attribute_count}</Td>
            <Td align="right" title={String(event.volume_30d)}>
              {formatCount(event.volume_30d)}
            </Td>
            {/* The delete button (an icon named "Delete {name}") shares the cell with the date. */}
            <Td>
              <div className="flex items-center justify-between gap-3">
                <span title={event.last_seen ?? undefined}>{formatLastSeen(event.last_seen)}</span>
                <DeleteEventButton event={event} compact onDeleted={() => onDeleted?.(event)} />
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
