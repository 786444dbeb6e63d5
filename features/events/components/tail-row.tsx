import { useId, useState } from 'react';
import type { TrackedEvent } from '@/lib/contracts/events';
import { formatDateTime, NOT_AVAILABLE } from '@/lib/format';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon } from '@/components/ui/icons';

/** A labelled JSON block of a tracked event (properties, context). */
export function EventJson({ label, value }: { label: string; value: Record<string, unknown> }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <pre className="max-h-64 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** One tracked event: time, customer and page; expands to its properties and context. */
export function TailRow({ event }: { event: TrackedEvent }) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const customer = event.user_id ?? event.anonymous_id ?? NOT_AVAILABLE;
  const page = event.url ?? event.path ?? NOT_AVAILABLE;
  return (
    <li className="border-b border-slate-100 last:border-b-0" data-testid="tail-row">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((v) => !v)}
        className={cn(
          'grid w-full grid-cols-[10rem_minmax(0,1fr)_minmax(0,2fr)_1rem] items-center gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50',
          focusRing,
          'focus-visible:ring-offset-0',
        )}
      >
        <time dateTime={event.timestamp} className="tabular-nums text-slate-600">
          {formatDateTime(event.timestamp)}
        </time>
        <span className="truncate font-medium text-slate-900" title={customer}>
          {customer}
        </span>
        <span className="truncate text-slate-600" title={page}>
          {page}
        </span>
        <ChevronDownIcon
          className={cn('h-4 w-4 text-slate-400 transition-transform', expanded && 'rotate-180')}
        />
      </button>
      {expanded ? (
        <div id={detailsId} className="grid gap-3 px-3 pb-3 md:grid-cols-2">
          <EventJson label="Properties" value={event.properties} />
          <EventJson label="Context" value={event.context} />
        </div>
      ) : null}
    </li>
  );
}
