import { numberedPage } from '../../lib/numbered-page';
import { EVENT_VOLUME_DAYS } from '../../../lib/constants';
import type { EventBody, ListEventsQuery } from '../../../lib/contracts/events';
import type {
  AutocompleteQuery,
  TailQuery,
  UndefinedEventsQuery,
} from '../../../lib/contracts/events';
import { MESSAGES } from '../../../lib/messages';
import type { AnalyticsStore, StoredEvent } from '../../analytics/types';
import { AppError, notFound, withUniqueConflict } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import { toEventDto, type EventsRepository } from './events.repository';

const DAY_MS = 86_400_000;
/** Defined codes listed to Live events in one answer. */
const DEFINED_CODES_MAX = 5000;
/** An event definition body as the repository stores it. */
const eventRecord = (body: EventBody) => ({
  brandId: body.brand_id,
  name: body.name,
  code: body.code,
  attributes: body.attributes,
});

/** A stored event as the dashboard reads it. */
export function toTrackedEventDto(e: StoredEvent) {
  return {
    message_id: e.messageId,
    type: e.type,
    event: e.event,
    user_id: e.userId,
    anonymous_id: e.anonymousId,
    customer_key: e.customerKey,
    timestamp: e.timestamp.toISOString(),
    received_at: e.receivedAt.toISOString(),
    properties: e.properties,
    context: e.context,
    url: e.url,
    path: e.path,
    browser: e.browser,
    os: e.os,
    device: e.device,
    country: e.country,
  };
}

/** Event definitions joined with their traffic from the analytics store. */
export function createEventsService(deps: {
  events: EventsRepository;
  access: BrandAccess;
  store: AnalyticsStore;
}) {
  const { events, access, store } = deps;
  const window = () => {
    const to = new Date(Date.now() + DAY_MS);
    return { from: new Date(Date.now() - EVENT_VOLUME_DAYS * DAY_MS), to };
  };
  const ownedEvent = async (ownerId: string, id: number) => {
    const row = await events.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.events.notFound);
    return row;
  };
  const codeTaken = () =>
    new AppError(409, 'code_taken', MESSAGES.events.codeTaken, [
      { path: 'code', message: MESSAGES.events.codeTaken },
    ]);

  return {
    async list(
      ownerId: string,
      q: Required<Pick<ListEventsQuery, 'brand_id'>> & {
        search?: string;
        cursor: string;
        limit: number;
      },
    ) {
      await access.owned(ownerId, Number(q.brand_id));
      const page = numberedPage(q);
      const { rows, total } = await events.list(Number(q.brand_id), {
        search: q.search?.trim() || undefined,
        offset: page.offset,
        limit: page.limit,
      });
      const counts = rows.length
        ? await store.query({
            kind: 'countsByEvent',
            brandId: Number(q.brand_id),
            ...window(),
            events: rows.map((r) => r.code),
          })
        : [];
      const byCode = new Map(counts.map((c) => [c.event, c]));
      return page.answer(
        rows.map((r) => {
          const c = byCode.get(r.code);
          return {
            ...toEventDto(r),
            attribute_count: r.attributes.length,
            volume_30d: c?.count ?? 0,
            last_seen: c ? c.lastSeen.toISOString() : null,
          };
        }),
        total,
      );
    },

    /**
     * Codes that arrived in the last 30 days without a definition (built-in `$` codes aside),
     * busiest first, one page of at most 100. Bounded whatever a write key sent: the store returns
     * only as many codes as the page can need, and definitions are read without a parameter list.
     */
    async undefinedEvents(ownerId: string, q: UndefinedEventsQuery) {
      await access.owned(ownerId, q.brand_id);
      const defined = await events.allCodes(q.brand_id);
      const counts = await store.query({
        kind: 'countsByEvent',
        brandId: q.brand_id,
        ...window(),
        definedByUsersOnly: true,
        limit: q.offset + q.limit + defined.size,
      });
      return counts
        .filter((c) => !defined.has(c.event))
        .slice(q.offset, q.offset + q.limit)
        .map((c) => ({
          code: c.event,
          volume_30d: c.count,
          last_seen: c.lastSeen.toISOString(),
        }));
    },

    async autocomplete(ownerId: string, q: Required<AutocompleteQuery>) {
      await access.owned(ownerId, Number(q.brand_id));
      const { rows, total } = await events.list(Number(q.brand_id), {
        search: q.name.trim() || undefined,
        offset: Number(q.offset),
        limit: Number(q.limit),
      });
      return { data: rows.map(toEventDto), total };
    },

    async get(ownerId: string, id: number) {
      return toEventDto(await ownedEvent(ownerId, id));
    },

    async create(ownerId: string, body: EventBody) {
      await access.owned(ownerId, body.brand_id);
      return toEventDto(
        await withUniqueConflict(() => events.insert(eventRecord(body)), codeTaken),
      );
    },

    async update(ownerId: string, id: number, body: EventBody) {
      await ownedEvent(ownerId, id);
      await access.owned(ownerId, body.brand_id);
      const row = await withUniqueConflict(
        () => events.update(ownerId, id, eventRecord(body)),
        codeTaken,
      );
      if (!row) throw notFound(MESSAGES.events.notFound);
      return toEventDto(row);
    },

    async remove(ownerId: string, id: number) {
      await ownedEvent(ownerId, id);
      await events.remove(ownerId, id);
      return { message: MESSAGES.events.deleted };
    },

    /** The newest events of one code, or of every code without `event_name` (Live events). */
    async tail(ownerId: string, q: TailQuery & { limit: number }) {
      await access.owned(ownerId, Number(q.brand_id));
      const rows = await store.query({
        kind: 'tail',
        brandId: Number(q.brand_id),
        ...(q.event_name === undefined ? {} : { event: q.event_name }),
        limit: Number(q.limit),
      });
      return { data: rows.map(toTrackedEventDto) };
    },

    /** The product's defined codes, at most DEFINED_CODES_MAX of them (Live events' marks). */
    async definedCodes(ownerId: string, brandId: number) {
      await access.owned(ownerId, brandId);
      const codes = [...(await events.allCodes(brandId))].sort();
      return {
        codes: codes.slice(0, DEFINED_CODES_MAX),
        truncated: codes.length > DEFINED_CODES_MAX,
      };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
