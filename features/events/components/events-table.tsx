import Link from 'next/link';
import type { EventListItem } from '@/lib/contracts/events';
import { formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';
import { formatLastSeen } from '../lib/last-seen';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';
const TD = 'px-3 py-2.5 text-sm text-slate-700';

/** The defined events of a product with their traffic over the last 30 days. */
export function EventsTable({ events }: { events: EventListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">Defined events</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              Code
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Attributes
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Volume (30 days)
            </th>
            <th scope="col" className={TH}>
              Last seen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {events.map((event) => (
            <tr key={event.id} className="hover:bg-slate-50">
              <th scope="row" className={`${TD} font-medium`}>
                <Link
                  href={paths.event(event.id)}
                  className="text-brand-700 hover:underline focus-visible:underline"
                >
                  {event.name}
                </Link>
              </th>
              <td className={TD}>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
                  {event.code}
                </code>
              </td>
              <td className={`${TD} text-right tabular-nums`}>{event.attribute_count}</td>
              <td className={`${TD} text-right tabular-nums`} title={String(event.volume_30d)}>
                {formatCount(event.volume_30d)}
              </td>
              <td className={TD} title={event.last_seen ?? undefined}>
                {formatLastSeen(event.last_seen)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
