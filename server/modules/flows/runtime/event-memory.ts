import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsStore, CodeEvent, EventRow } from '../../../analytics/types';
import type { VisitorIds } from '../flow-sessions.repository';
import { VisitorEventColumns } from './event-columns';
import type { SeenEvent } from './reads';

/** Events kept in memory over every product and code; past it, a code is read from the store. */
export const EVENT_MEMORY_MAX_EVENTS = 2_000_000;
/** After a failed load, the store is asked again no sooner than this. */
const RETRY_AFTER_MS = 30_000;

/** One event code of one product: loading (rows arriving meanwhile wait), or ready. */
interface CodeMemory {
  ready: boolean;
  /** Keyed `u:<user id>` for events sent with a user id, `a:<anonymous id>` for the others. */
  events: VisitorEventColumns;
  /** Rows committed while the load runs: added (without repeats) once it is done. */
  arrived: CodeEvent[];
}

/** The memory's key of an event: the two key spaces of `visitorEvents`, kept apart. */
const keyOf = (userId: string | null, anonymousId: string | null) =>
  userId !== null ? `u:${userId}` : anonymousId !== null ? `a:${anonymousId}` : null;

function parse(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The events of the codes that event conditions use, kept in memory per product, code and visitor,
 * so a decision counts them without a store query (docs/adr/0012-flow-runtime-cost.md). Sound only
 * where every event reaches the store through this process (the embedded DuckDB store): a code is
 * loaded from the store with one query the first time a decision needs it, then every committed
 * row of that code is added (`remember`, the batcher's after-commit hook), repeats of a message id
 * skipped. Until a code is ready, or when it would pass the memory's bound, `read` answers null
 * and the caller queries the store as before.
 */
export function createEventMemory(deps: {
  store: Pick<AnalyticsStore, 'query' | 'stream'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  maxEvents?: number;
  now?: () => number;
}) {
  const max = deps.maxEvents ?? EVENT_MEMORY_MAX_EVENTS;
  const now = deps.now ?? Date.now;
  const products = new Map<number, Map<string, CodeMemory>>();
  /** Codes too big to keep, and codes whose load failed (until when they are not retried). */
  const refused = new Map<string, number>();
  let total = 0;

  const add = (m: CodeMemory, e: CodeEvent, checkRepeats: boolean) => {
    const key = keyOf(e.userId, e.anonymousId);
    if (key !== null && m.events.add(key, e.messageId, e.at, e.propertiesJson, checkRepeats))
      total++;
  };

  const forget = (brandId: number, code: string, why: string, retryAt = Infinity) => {
    const codes = products.get(brandId);
    const m = codes?.get(code);
    if (m) total -= m.events.size;
    codes?.delete(code);
    refused.set(`${brandId}:${code}`, retryAt);
    deps.log.info({ brandId, code }, `event memory: ${why}; decisions query the store`);
  };

  /**
   * Loads the codes' events, in slices where the store can (the event loop serves requests
   * between them), at most as many as the memory still has room for.
   */
  async function load(brandId: number, codes: string[], memories: CodeMemory[]) {
    const room = Math.max(0, max - total);
    const byCode = new Map(codes.map((c, i) => [c, memories[i]!]));
    let count = 0;
    const take = (rows: CodeEvent[]) => {
      count += rows.length;
      if (count > room) return;
      for (const r of rows) {
        const m = byCode.get(r.event);
        if (m) add(m, r, false);
      }
    };
    try {
      const shape = { kind: 'codeEvents', brandId, events: codes, limit: room + 1 } as const;
      if (deps.store.stream) await deps.store.stream(shape, take);
      else take(await deps.store.query(shape));
      if (count > room) {
        for (const code of codes) forget(brandId, code, 'too many events to keep');
        return;
      }
      for (const m of memories) {
        for (const r of m.arrived) add(m, r, true);
        m.arrived = [];
        m.ready = true;
      }
    } catch (err) {
      deps.log.warn({ err, brandId }, 'event memory: load failed');
      for (const code of codes) forget(brandId, code, 'load failed', now() + RETRY_AFTER_MS);
    }
  }

  return {
    /**
     * The visitor's events of these codes since `from` (epoch ms; null: all history), or null
     * when one of the codes is not in memory (its load is then started in the background).
     */
    read(brandId: number, visitor: VisitorIds, codes: string[], from: number | null) {
      let codesOf = products.get(brandId);
      const missing: string[] = [];
      let ready = true;
      for (const code of codes) {
        const m = codesOf?.get(code);
        if (m) ready &&= m.ready;
        else {
          ready = false;
          if ((refused.get(`${brandId}:${code}`) ?? 0) <= now()) missing.push(code);
        }
      }
      if (missing.length > 0) {
        if (!codesOf) products.set(brandId, (codesOf = new Map()));
        const memories: CodeMemory[] = missing.map(() => ({
          ready: false,
          events: new VisitorEventColumns(),
          arrived: [],
        }));
        missing.forEach((code, i) => {
          refused.delete(`${brandId}:${code}`);
          codesOf!.set(code, memories[i]!);
        });
        void load(brandId, missing, memories);
      }
      if (!ready) return null;

      const keys = [`a:${visitor.anonymousId}`];
      if (visitor.userId !== null) keys.push(`u:${visitor.userId}`);
      const seen: SeenEvent[] = [];
      for (const code of codes) {
        const m = codesOf!.get(code)!;
        for (const key of keys)
          m.events.forEach(key, from, (at, json) =>
            seen.push({ event: code, timestamp: new Date(at), properties: parse(json) }),
          );
      }
      return seen;
    },

    /** Rows just committed to the store: those of codes in memory are added. */
    remember(rows: readonly EventRow[]) {
      for (const row of rows) {
        const m = products.get(row.brandId)?.get(row.event);
        if (!m) continue;
        const e: CodeEvent = {
          event: row.event,
          messageId: row.messageId,
          userId: row.userId,
          anonymousId: row.anonymousId,
          at: row.timestamp.getTime(),
          propertiesJson: row.propertiesJson ?? JSON.stringify(row.properties),
        };
        if (!m.ready) m.arrived.push(e);
        else if (total >= max) forget(row.brandId, row.event, 'too many events to keep');
        else add(m, e, true);
      }
    },

    /** Events held (tests, diagnostics). */
    size: () => total,
  };
}
export type EventMemory = ReturnType<typeof createEventMemory>;
