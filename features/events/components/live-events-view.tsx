import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import type { TrackedEvent } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { SelectField } from '@/components/ui/select-field';
import { notify } from '@/components/ui/toast';
import { useBrandStore } from '@/stores/brand';
import { useDefinedCodes } from '../hooks/use-defined-codes';
import { useLiveTail } from '../hooks/use-live-tail';
import { defineQuery, inferAttributes } from '../lib/infer-attributes';
import { codesOf, isUndefinedCode } from '../lib/live-events';
import { TAIL_CAP } from '../lib/tail';
import { LiveEventRow } from './live-event-row';
import { LiveBadge, PauseButton, TailLoadState } from './tail-controls';

/** Stored events Live events loads on opening (the socket brings the rest, up to TAIL_CAP). */
export const LIVE_EVENTS_INITIAL = 100;

/** /events/live (Events Management): every event of the current product as it arrives. */
export function LiveEventsView() {
  const brandId = useBrandStore((s) => s.brandId);
  return (
    <section aria-labelledby="live-events-heading">
      <PageHeader
        id="live-events-heading"
        title="Live events"
        description="Every event your website sends, as it arrives. Codes without a definition are marked: Define one to name it, with the properties seen."
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <BrandLiveEvents key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function BrandLiveEvents({ brandId }: { brandId: number }) {
  const tail = useLiveTail(brandId, null, LIVE_EVENTS_INITIAL);
  const defined = useDefinedCodes(brandId);
  const [code, setCode] = useState('');
  const { error } = tail.initial;
  useEffect(() => {
    if (error) notify.error(MESSAGES.events.failedTail(error.message));
  }, [error]);

  const byCode = useMemo(() => {
    const map = new Map<string, TrackedEvent[]>();
    for (const e of tail.events) {
      const list = map.get(e.event);
      if (list) list.push(e);
      else map.set(e.event, [e]);
    }
    return map;
  }, [tail.events]);
  // A Define link per undefined code, with the types inferred from every kept event of it.
  const defineLinks = useMemo(() => {
    const links = new Map<string, ReturnType<typeof defineQuery>>();
    for (const [c, events] of byCode)
      if (isUndefinedCode(c, defined.data)) links.set(c, defineQuery(c, inferAttributes(events)));
    return links;
  }, [byCode, defined.data]);
  const shown = code ? (byCode.get(code) ?? []) : tail.events;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Event code"
          className="w-full sm:w-64"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          options={[
            { value: '', label: 'All codes' },
            ...codesOf(tail.events, code).map((c) => ({ value: c, label: c })),
          ]}
        />
        <div className="flex items-center gap-2">
          <LiveBadge live={tail.live} refusal={tail.refusal} />
          <PauseButton {...tail} />
        </div>
      </div>
      <TailLoadState initial={tail.initial} label="Loading live events" />
      {tail.initial.isSuccess && shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600">
          {code ? (
            <>
              No <code className="font-mono">{code}</code> events among the latest.
            </>
          ) : (
            <>
              No events yet. They appear here as your website sends them (
              <Link href={paths.integrations()} className="font-medium text-brand-700 underline">
                install the snippet
              </Link>
              ).
            </>
          )}
        </p>
      ) : null}
      {!tail.initial.isPending && shown.length > 0 ? (
        <>
          <ul
            aria-label="Live events"
            className="overflow-hidden rounded-lg border border-slate-200 bg-white"
          >
            {shown.map((e) => (
              <LiveEventRow
                key={e.message_id}
                event={e}
                define={defineLinks.get(e.event) ?? null}
              />
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500">
            {shown.length} {shown.length === 1 ? 'event' : 'events'} shown; the page keeps the
            newest {TAIL_CAP} it has seen.
          </p>
        </>
      ) : null}
    </>
  );
}
