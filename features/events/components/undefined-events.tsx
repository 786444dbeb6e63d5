import Link from 'next/link';
import { useEffect } from 'react';
import { formatCount } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useUndefinedEvents } from '../hooks/use-undefined-events';
import { formatLastSeen } from '../lib/last-seen';

/** Codes the website sent in the last 30 days that have no definition yet, each with Define. */
export function UndefinedEvents({ brandId }: { brandId: number }) {
  const undefinedEvents = useUndefinedEvents(brandId);
  const { error } = undefinedEvents;
  useEffect(() => {
    if (error) notify.error(MESSAGES.events.failedToGet(error.message));
  }, [error]);

  const list = undefinedEvents.data ?? [];
  if (!undefinedEvents.isPending && list.length === 0) return null;

  return (
    <section aria-labelledby="undefined-events-heading" className="mt-10">
      <h3 id="undefined-events-heading" className="text-base font-semibold text-slate-900">
        Undefined events
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Your website sent these events in the last 30 days, but they are not defined yet.
      </p>
      {undefinedEvents.isPending ? (
        <Skeleton className="mt-4 h-10 w-full" />
      ) : (
        <ul aria-label="Undefined events" className="mt-4 flex flex-col gap-2">
          {list.map((item) => (
            <li
              key={item.code}
              aria-label={item.code}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-amber-200 bg-amber-50/60 px-3 py-2"
            >
              <code className="font-mono text-sm text-slate-900">{item.code}</code>
              <span className="text-xs text-slate-600">
                {formatCount(item.volume_30d)} in 30 days · last seen{' '}
                {formatLastSeen(item.last_seen)}
              </span>
              <Link
                href={{ pathname: paths.eventCreate(), query: { code: item.code } }}
                className={buttonClasses('secondary', 'sm', 'ml-auto')}
                aria-label={`Define ${item.code}`}
              >
                Define
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
