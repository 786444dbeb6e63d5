import { http, HttpResponse, type HttpHandler } from 'msw';
import { EVENT_VOLUME_DAYS } from '@/lib/constants';
import { brandIdField, idParam } from '@/lib/contracts/common';
import {
  autocompleteQuery,
  eventBody,
  listEventsQuery,
  tailQuery,
  type EventBody,
  type EventDef,
  type EventListItem,
  type TrackedEvent,
  type UndefinedEvent,
} from '@/lib/contracts/events';
import type { IngestMessage, IngestResult, RejectedEvent } from '@/lib/contracts/ingest';
import { MESSAGES } from '@/lib/messages';
import { db, type MockUser } from './db';
import { apiError, body, currentUser, ok, unauthorized, validate } from './utils';

/** Mock API of events, autocomplete, the live tail and the public /v1/track ingestion. */

/** Tracked events remember their product here (the dashboard's TrackedEvent has no brand). */
export type MockTrackedEvent = TrackedEvent & { brand_id?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const eventNotFound = () => apiError(404, 'not_found', MESSAGES.events.notFound);
const brandNotFound = () => apiError(404, 'not_found', MESSAGES.brands.notFound);
const codeTaken = () =>
  apiError(409, 'code_taken', MESSAGES.events.codeTaken, [
    { path: 'code', message: MESSAGES.events.codeTaken },
  ]);

const searchParams = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const ownsBrand = (user: MockUser, brandId: number) =>
  db.brands.some((b) => b.id === brandId && b.owner_id === user.id);
const brandOf = (e: TrackedEvent): number | undefined => (e as MockTrackedEvent).brand_id;
/** Events stored without a product (seeded by hand) count for every product. */
const trackedFor = (brandId: number) =>
  db.trackedEvents.filter((e) => {
    const b = brandOf(e);
    return b === undefined || b === brandId;
  });
const publicTracked = (e: TrackedEvent): TrackedEvent => {
  const { brand_id: _brand, ...rest } = e as MockTrackedEvent;
  return rest;
};
const newestFirst = (a: TrackedEvent, b: TrackedEvent) =>
  Date.parse(b.timestamp) - Date.parse(a.timestamp);

function recentTracked(brandId: number): TrackedEvent[] {
  const since = Date.now() - EVENT_VOLUME_DAYS * DAY_MS;
  return trackedFor(brandId).filter((e) => e.type === 'track' && Date.parse(e.timestamp) >= since);
}

function listItem(event: EventDef): EventListItem {
  const hits = recentTracked(event.brand_id).filter((e) => e.event === event.code);
  const lastSeen = hits.sort(newestFirst)[0]?.timestamp ?? null;
  return {
    ...event,
    attribute_count: event.attributes.length,
    volume_30d: hits.length,
    last_seen: lastSeen,
  };
}

/** The caller's event by route id, or the response to send instead (another account's: 404). */
function ownEvent(request: Request, params: Record<string, unknown>) {
  const user = currentUser(request);
  if (!user) return { response: unauthorized(request) } as const;
  const id = validate(idParam, params);
  if (!id.ok) return { response: id.response } as const;
  const event = db.events.find((e) => e.id === id.data.id && ownsBrand(user, e.brand_id));
  return event ? ({ user, event } as const) : ({ response: eventNotFound() } as const);
}

function saveEvent(body: EventBody, existing?: EventDef): EventDef | Response {
  const clash = db.events.some(
    (e) => e.brand_id === body.brand_id && e.code === body.code && e.id !== existing?.id,
  );
  if (clash) return codeTaken();
  const now = new Date().toISOString();
  if (existing) {
    Object.assign(existing, body, { updated_at: now });
    return existing;
  }
  db.seq.event += 1;
  const event: EventDef = { id: db.seq.event, ...body, created_at: now, updated_at: now };
  db.events.push(event);
  return event;
}

/** The write key from `Authorization: Basic base64(writeKey:)`, a Bearer token or the body. */
function writeKeyOf(request: Request, message: Record<string, unknown>): string | null {
  const header = request.headers.get('authorization') ?? '';
  if (header.startsWith('Basic ')) {
    try {
      return atob(header.slice(6)).split(':')[0] || null;
    } catch {
      return null;
    }
  }
  if (header.startsWith('Bearer ')) return header.slice(7) || null;
  return typeof message.writeKey === 'string' ? message.writeKey : null;
}

function trackedFrom(brandId: number, m: IngestMessage): MockTrackedEvent {
  const now = new Date().toISOString();
  const properties = m.properties ?? {};
  const context = m.context ?? {};
  const page = (context.page ?? {}) as { url?: unknown; path?: unknown };
  const url = typeof properties.url === 'string' ? properties.url : page.url;
  const path = typeof properties.path === 'string' ? properties.path : page.path;
  return {
    brand_id: brandId,
    message_id: m.messageId ?? `msg_${Math.random().toString(36).slice(2)}`,
    type: 'track',
    event: String(m.event).trim(),
    user_id: m.userId === undefined ? null : String(m.userId),
    anonymous_id: m.anonymousId === undefined ? null : String(m.anonymousId),
    customer_key: String(m.userId ?? m.anonymousId),
    timestamp: m.timestamp ?? now,
    received_at: now,
    properties,
    context,
    url: typeof url === 'string' ? url : null,
    path: typeof path === 'string' ? path : null,
    browser: null,
    os: null,
    device: null,
    country: null,
  };
}

/** Adds an event definition (tests and seeding). */
export function createEvent(
  brandId: number,
  input: { name: string; code: string; attributes?: EventDef['attributes'] },
): EventDef {
  const saved = saveEvent({ brand_id: brandId, attributes: [], ...input });
  if (saved instanceof Response) throw new Error(`Event code ${input.code} is taken`);
  return saved;
}

/** Adds a tracked event of a product as ingestion would have stored it (tests and seeding). */
export function createTrackedEvent(
  brandId: number,
  input: Partial<TrackedEvent> & { event: string },
): MockTrackedEvent {
  const base = trackedFrom(brandId, { event: input.event, anonymousId: 'anon-1' });
  const row: MockTrackedEvent = { ...base, ...input, brand_id: brandId };
  db.trackedEvents.push(row);
  return row;
}

export const eventHandlers: HttpHandler[] = [
  // Fixed paths first: `/v1/events/:id` would otherwise take them.
  http.get('*/v1/events/autocomplete', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(autocompleteQuery, searchParams(request));
    if (!query.ok) return query.response;
    const { brand_id, name, offset, limit } = query.data;
    if (!ownsBrand(user, brand_id)) return brandNotFound();
    const needle = name.trim().toLowerCase();
    const matches = db.events
      .filter((e) => e.brand_id === brand_id)
      .filter(
        (e) =>
          !needle || e.name.toLowerCase().includes(needle) || e.code.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    return ok({ data: matches.slice(offset, offset + limit), total: matches.length });
  }),

  http.get('*/v1/events/codes', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(brandIdField, searchParams(request).brand_id);
    if (!query.ok) return query.response;
    if (!ownsBrand(user, query.data)) return brandNotFound();
    const codes = db.events.filter((e) => e.brand_id === query.data).map((e) => e.code);
    return ok({ codes: codes.sort(), truncated: false });
  }),

  http.get('*/v1/events/undefined', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(brandIdField, searchParams(request).brand_id);
    if (!query.ok) return query.response;
    const brandId = query.data;
    if (!ownsBrand(user, brandId)) return brandNotFound();
    const defined = new Set(db.events.filter((e) => e.brand_id === brandId).map((e) => e.code));
    const byCode = new Map<string, UndefinedEvent>();
    for (const e of recentTracked(brandId)) {
      if (defined.has(e.event)) continue;
      const row = byCode.get(e.event) ?? { code: e.event, volume_30d: 0, last_seen: e.timestamp };
      row.volume_30d += 1;
      if (Date.parse(e.timestamp) > Date.parse(row.last_seen)) row.last_seen = e.timestamp;
      byCode.set(e.event, row);
    }
    return ok([...byCode.values()].sort((a, b) => b.volume_30d - a.volume_30d));
  }),

  http.get('*/v1/events', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(listEventsQuery, searchParams(request));
    if (!query.ok) return query.response;
    const { brand_id, search, cursor, limit } = query.data;
    if (!ownsBrand(user, brand_id)) return brandNotFound();
    const needle = search?.trim().toLowerCase() ?? '';
    const matches = db.events
      .filter((e) => e.brand_id === brand_id)
      .filter(
        (e) =>
          !needle || e.name.toLowerCase().includes(needle) || e.code.toLowerCase().includes(needle),
      )
      .sort((a, b) => b.id - a.id);
    const page = Number(cursor);
    const rows = matches.slice((page - 1) * limit, page * limit);
    return ok({
      data: rows.map(listItem),
      total: matches.length,
      nextCursor: page * limit < matches.length ? String(page + 1) : null,
    });
  }),

  http.post('*/v1/events', async ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const parsed = await body(request, eventBody);
    if (!parsed.ok) return parsed.response;
    if (!ownsBrand(user, parsed.data.brand_id)) return brandNotFound();
    const saved = saveEvent(parsed.data);
    return saved instanceof Response ? saved : ok(saved, 201);
  }),

  http.get('*/v1/events/:id', ({ request, params }) => {
    const found = ownEvent(request, params);
    return 'response' in found ? found.response : ok(found.event);
  }),

  http.put('*/v1/events/:id', async ({ request, params }) => {
    const found = ownEvent(request, params);
    if ('response' in found) return found.response;
    const parsed = await body(request, eventBody);
    if (!parsed.ok) return parsed.response;
    if (!ownsBrand(found.user, parsed.data.brand_id)) return brandNotFound();
    const saved = saveEvent(parsed.data, found.event);
    return saved instanceof Response ? saved : ok(saved);
  }),

  http.delete('*/v1/events/:id', ({ request, params }) => {
    const found = ownEvent(request, params);
    if ('response' in found) return found.response;
    db.events = db.events.filter((e) => e !== found.event);
    return ok({ message: MESSAGES.events.deleted });
  }),

  http.get('*/v1/tracking-session-data/tail', ({ request }) => {
    const user = currentUser(request);
    if (!user) return unauthorized(request);
    const query = validate(tailQuery, searchParams(request));
    if (!query.ok) return query.response;
    const { brand_id, event_name, limit } = query.data;
    if (!ownsBrand(user, brand_id)) return brandNotFound();
    const rows = trackedFor(brand_id)
      // Without event_name: every code (Live events).
      .filter((e) => event_name === undefined || e.event === event_name)
      .sort(newestFirst)
      .slice(0, limit)
      .map(publicTracked);
    return ok({ data: rows });
  }),

  // Public ingestion (Segment-compatible): the write key authenticates, the answer is not wrapped.
  http.post('*/v1/track', async ({ request }) => {
    let message: Record<string, unknown>;
    try {
      const json: unknown = await request.json();
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        return apiError(400, 'invalid_body', MESSAGES.http.bodyNotObject);
      message = json as Record<string, unknown>;
    } catch {
      return apiError(400, 'invalid_json', MESSAGES.http.invalidJson);
    }
    const key = writeKeyOf(request, message);
    if (!key) return apiError(401, 'missing_write_key', MESSAGES.ingest.noKey);
    const brand = db.brands.find((b) => b.write_key === key);
    if (!brand) return apiError(401, 'unknown_write_key', MESSAGES.ingest.unknownKey);

    const m = message as IngestMessage;
    let refusal: RejectedEvent | null = null;
    if (m.userId === undefined && m.anonymousId === undefined)
      refusal = { index: 0, code: 'missing_id', message: MESSAGES.ingest.missingId };
    else if (typeof m.event !== 'string' || !m.event.trim())
      refusal = { index: 0, code: 'missing_event', message: MESSAGES.ingest.missingEvent };
    if (refusal) return apiError(400, refusal.code, refusal.message);
    // Duplicate message ids are stored once, and still acknowledged.
    if (!db.trackedEvents.some((e) => m.messageId && e.message_id === m.messageId))
      db.trackedEvents.push(trackedFrom(brand.id, m));
    const result: IngestResult = { accepted: 1, rejected: [] };
    return HttpResponse.json(result);
  }),
];
