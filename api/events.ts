import type {
  AutocompleteQuery,
  AutocompleteResult,
  DefinedCodes,
  EventBody,
  EventDef,
  EventList,
  ListEventsQuery,
  TailQuery,
  TrackedEvent,
  UndefinedEvent,
} from '@/lib/contracts/events';
import type { IngestMessage, IngestResult } from '@/lib/contracts/ingest';
import { http, unwrap } from './http';

export const listEvents = (params: ListEventsQuery, signal?: AbortSignal) =>
  unwrap<EventList>(http.get('/v1/events', { params, signal }));

/** Event codes that arrived in the last 30 days but are not defined. */
export const listUndefinedEvents = (brandId: number, signal?: AbortSignal) =>
  unwrap<UndefinedEvent[]>(
    http.get('/v1/events/undefined', { params: { brand_id: brandId }, signal }),
  );

export const getEvent = (id: number, signal?: AbortSignal) =>
  unwrap<EventDef>(http.get(`/v1/events/${id}`, { signal }));

export const createEvent = (body: EventBody) => unwrap<EventDef>(http.post('/v1/events', body));

export const updateEvent = (id: number, body: EventBody) =>
  unwrap<EventDef>(http.put(`/v1/events/${id}`, body));

export const deleteEvent = (id: number) =>
  unwrap<{ message: string }>(http.delete(`/v1/events/${id}`));

/** The product's defined event codes (Live events marks the undefined ones). */
export const getDefinedCodes = (brandId: number, signal?: AbortSignal) =>
  unwrap<DefinedCodes>(http.get('/v1/events/codes', { params: { brand_id: brandId }, signal }));

/** The event picker's search (docs/product/api.md#events): name, offset, limit and brand_id. */
export const autocompleteEvents = (params: AutocompleteQuery, signal?: AbortSignal) =>
  unwrap<AutocompleteResult>(http.get('/v1/events/autocomplete', { params, signal }));

/** The latest tracked events of one event code (of every code without event_name), newest first. */
export const getTail = async (params: TailQuery, signal?: AbortSignal) =>
  (
    await unwrap<{ data: TrackedEvent[] }>(
      http.get('/v1/tracking-session-data/tail', { params, signal }),
    )
  ).data;

/**
 * Sends one event through the public ingestion API as the website would: authenticated by the
 * product's write key (HTTP Basic user name), never by the signed-in user's token.
 */
export async function sendTrackEvent(writeKey: string, message: IngestMessage) {
  const response = await http.post<IngestResult>('/v1/track', message, {
    skipAuth: true,
    headers: { Authorization: `Basic ${btoa(`${writeKey}:`)}` },
  });
  return response.data;
}
