import { useId, useState } from 'react';
import type { TrackedEvent } from '@/lib/contracts/events';
import { SEGMENT_EVENT_CODES } from '@/lib/contracts/segment-events';
import { formatDateTime, NOT_AVAILABLE } from '@/lib/format';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon } from '@/components/ui/icons';

/**
 * A readable line for the membership events the server records (docs/segments.md, "Membership
 * records"), e.g. "Entered segment Big spenders"; null for other events.
 */
export function membershipLabel(event: Pick<TrackedEvent, 'event' | 'properties'>): string | null {
  const name = event.properties.segment_name;
  if (typeof name !== 'string') return null;
  if (event.event === SEGMENT_EVENT_CODES.entered) return `Entered segment ${name}`;
  if (event.event === SEGMENT_EVENT_CODES.exited) return `Left segment ${name}`;
  return null;
}

/** One tracked event: time, event code (readably for a segment's), type, URL, properties. */
export function TimelineItem({ event }: { event: TrackedEvent }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const label = membershipLabel(event);
  const hasProperties = Object.keys(event.properties).length > 0;
  return (
    <li className="py-2.5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <time dateTime={event.timestamp} className="w-40 shrink-0 text-slate-500">
          {formatDateTime(event.timestamp)}
        </time>
        <span className="font-mono font-medium text-slate-900">{event.event}</span>
        {label ? <span className="font-medium text-slate-900">{label}</span> : null}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {event.type}
        </span>
        <span className="min-w-0 flex-1 truncate text-slate-600" title={event.url ?? undefined}>
          {event.url ?? NOT_AVAILABLE}
        </span>
        {hasProperties ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
            className={cn(
              'inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 hover:underline',
              focusRing,
            )}
          >
            Properties
            <ChevronDownIcon
              className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-180')}
            />
          </button>
        ) : null}
      </div>
      {open ? (
        <pre
          id={panelId}
          aria-label={`Properties of ${event.event}`}
          className="mt-2 max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
        >
          {JSON.stringify(event.properties, null, 2)}
        </pre>
      ) : null}
    </li>
  );
}
