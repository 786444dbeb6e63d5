import Link from 'next/link';
import { useId, useState } from 'react';
import type { TrackedEvent } from '@/lib/contracts/events';
import { formatDateTime, NOT_AVAILABLE } from '@/lib/format';
import { paths } from '@/lib/paths';
import { buttonClasses, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Pill } from '@/components/ui/pill';
import { EventJson } from './tail-row';

export interface LiveEventRowProps {
  event: TrackedEvent;
  /** The code has no definition: marked, with a Define link to `defineQuery`. */
  define: { code: string; attr?: string[] } | null;
}

/**
 * One event of Live events: code, customer, page and time; expands to its properties and
 * context. A card on a phone, a row from `sm` up.
 */
export function LiveEventRow({ event, define }: LiveEventRowProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const customer = event.user_id ?? event.anonymous_id ?? NOT_AVAILABLE;
  const page = event.url ?? event.path ?? NOT_AVAILABLE;
  return (
    <li className="border-b border-slate-100 last:border-b-0" data-testid="live-event-row">
      <div className="flex items-start gap-2 px-3 py-2 hover:bg-slate-50">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={`${event.event} from ${customer}`}
          onClick={() => setExpanded((v) => !v)}
          className={cn(
            'grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)_1rem] gap-x-3 gap-y-0.5 text-left text-sm',
            'sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.5fr)_9.5rem_1rem] sm:items-center',
            focusRing,
            'focus-visible:ring-offset-0',
          )}
        >
          <span className="flex min-w-0 items-center gap-2">
            <code className="truncate font-mono font-medium text-slate-900" title={event.event}>
              {event.event}
            </code>
            {define ? (
              <Pill tone="warning" className="shrink-0">
                Undefined
              </Pill>
            ) : null}
          </span>
          <ChevronDownIcon
            className={cn(
              'h-4 w-4 text-slate-400 transition-transform sm:order-last',
              expanded && 'rotate-180',
            )}
          />
          <span className="col-span-2 truncate text-slate-700 sm:col-span-1" title={customer}>
            {customer}
          </span>
          <span className="col-span-2 truncate text-slate-600 sm:col-span-1" title={page}>
            {page}
          </span>
          <time
            dateTime={event.timestamp}
            className="col-span-2 tabular-nums text-xs text-slate-500 sm:col-span-1 sm:text-sm"
          >
            {formatDateTime(event.timestamp)}
          </time>
        </button>
        {define ? (
          <Link
            href={{ pathname: paths.eventCreate(), query: define }}
            className={buttonClasses('secondary', 'sm', 'shrink-0')}
            aria-label={`Define ${event.event}`}
          >
            Define
          </Link>
        ) : null}
      </div>
      {expanded ? (
        <div id={detailsId} className="grid gap-3 px-3 pb-3 md:grid-cols-2">
          <EventJson label="Properties" value={event.properties} />
          <EventJson label="Context" value={event.context} />
        </div>
      ) : null}
    </li>
  );
}
