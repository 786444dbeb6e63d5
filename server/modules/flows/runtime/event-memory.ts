import type { FastifyBaseLogger } from 'fastify';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { AnalyticsStore, CodeEvent, EventRow } from '../../../analytics/types';
import type { VisitorIds } from '../flow-sessions.repository';
import { decisiveCount, eventWindow } from './decide';
import { EVENT_COLUMN_BYTES, VisitorEventColumns } from './event-columns';
import { eventPropertiesHold } from './reads';

/** Bytes the memory holds over every product (typed arrays and visitor entries, all counted). */
export const EVENT_MEMORY_MAX_BYTES = 256 * 1024 * 1024;
/** Bytes one product may hold: past it, that product's code is read from the store. */
export const EVENT_MEMORY_PRODUCT_SHARE = 64 * 1024 * 1024;
/** Events of one visitor and code kept, and looked at by one condition (the newest). */
export const EVENTS_PER_VISITOR = 5_000;
/** Properties' bytes one decision parses at most, all its conditions together. */
export const PARSED_BYTES_PER_DECISION = 256 * 1024;
/** After a failed load, the store is asked again no sooner than this. */
const RETRY_AFTER_MS = 30_000;
/** A code dropped for want of room is loaded again no sooner than this. */
const NO_ROOM_RETRY_MS = 10 * 60_000;

/** One event code of one product: loading (rows arriving meanwhile wait), ready, or dropped. */
interface CodeMemory {
  brandId: number;
  code: string;
  state: 'loading' | 'ready' | 'gone';
  /** The properties kept of each event: those the conditions on this code read. */
  keys: ReadonlySet<string>;
  /** Keyed `u:<user id>` for events sent with a user id, `a:<anonymous id>` for the others. */
  events: VisitorEventColumns;
  /** Rows committed while the load runs (properties already cut down): added once it is done. */
  arrived: { key: string; messageId: string; at: number; props: string }[];
  /** Bytes reserved for `arrived` (counted in the product's share like the columns). */
  arrivedBytes: number;
}

const gone = (m: CodeMemory) => m.state === 'gone';

/** The memory's key of an event: the two key spaces of `visitorEvents`, kept apart. */
const keyOf = (userId: string | null, anonymousId: string | null) =>
  userId !== null ? `u:${userId}` : anonymousId !== null ? `a:${anonymousId}` : null;

function parse(json: string): Record<string, unknown> {
  if (json === '') return {};
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The properties conditions read, as JSON ('' when there are none): nothing else is kept. */
export function keptProperties(
  properties: Record<string, unknown> | string,
  keys: ReadonlySet<string>,
): string {
  if (keys.size === 0) return '';
  const p = typeof properties === 'string' ? parse(properties) : properties;
  let out = '';
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(p, k) || p[k] === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(k)}:${JSON.stringify(p[k])}`;
  }
  return out ? `{${out}}` : '';
}

/**
 * What one decision has read of one code, by position in the visitor's walk (newest first):
 * the events walked so far and their times, properties parsed, and each attribute filter's result.
 */
interface Seen {
  next: () => number;
  order: number[];
  times: number[];
  parsed: (Record<string, unknown> | undefined)[];
  filters: Map<string, Uint8Array>;
}
const UNKNOWN = 0;
const HOLDS = 1;
const FAILS = 2;

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Thrown from a slice of the load to stop reading rows nobody will keep. */
const STOP = Symbol('stop');

/** Counts one event condition for the visitor the counter was made for. */
export type EventCounter = (c: EventCondition, now: number) => number;

/**
 * The events of the codes that event conditions use, kept in memory per product, code and
 * visitor, so a decision counts them without a store query (docs/adr/0012-flow-runtime-cost.md,
 * docs/flows.md "What a decision costs"). Sound only where every event reaches the store through
 * this process (the embedded DuckDB store): a code is loaded from the store with one query the
 * first time a decision needs it, then every committed row of that code is added (`remember`,
 * the batcher's after-commit hook), repeats of a message id skipped.
 *
 * A decision's cost does not grow with the visitor's history: per visitor and code only the
 * newest `EVENTS_PER_VISITOR` events are kept, in time order, with only the properties
 * conditions read; a condition walks them newest first and stops once its frequency is decided,
 * at its window's start, or once the decision has parsed `PARSED_BYTES_PER_DECISION` of properties
 * (each event is parsed once per decision, and each attribute filter tested once).
 *
 * Memory is bounded in bytes: `maxBytes` over all products and `productShare` per product. A
 * product past its share loses its own code, never another's; when the whole memory is full, a
 * product under its fair part (`maxBytes` ÷ products held) takes room from the product holding
 * most. Until a code is ready, or once it is dropped, `counter` answers null and the caller
 * queries the store as before.
 */
export function createEventMemory(deps: {
  store: Pick<AnalyticsStore, 'query' | 'stream'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  maxBytes?: number;
  productShare?: number;
  eventsPerVisitor?: number;
  parsedBytesPerDecision?: number;
  now?: () => number;
  /** The product's retention cutoff (epoch ms; null: none): older events never count. */
  keptFrom?: (brandId: number) => number | null;
}) {
  const maxBytes = deps.maxBytes ?? EVENT_MEMORY_MAX_BYTES;
  const share = Math.min(maxBytes, deps.productShare ?? EVENT_MEMORY_PRODUCT_SHARE);
  const keep = deps.eventsPerVisitor ?? EVENTS_PER_VISITOR;
  const parseBudget = deps.parsedBytesPerDecision ?? PARSED_BYTES_PER_DECISION;
  const now = deps.now ?? Date.now;
  const products = new Map<number, Map<string, CodeMemory>>();
  /** Bytes held per product. */
  const held = new Map<number, number>();
  /** Codes dropped (until when they are not loaded again), keyed `<product>:<code>`. */
  const refused = new Map<string, number>();
  let total = 0;
  /** What decisions cost so far (tests, diagnostics). */
  const cost = { decisions: 0, visited: 0, parsed: 0, parsedBytes: 0 };

  const take = (brandId: number, bytes: number) => {
    held.set(brandId, (held.get(brandId) ?? 0) + bytes);
    total += bytes;
  };

  function forget(m: CodeMemory, why: string, retryAt: number) {
    if (m.state === 'gone') return;
    m.state = 'gone';
    m.arrived = [];
    take(m.brandId, -m.events.held - m.arrivedBytes);
    m.arrivedBytes = 0;
    if ((held.get(m.brandId) ?? 0) <= 0) held.delete(m.brandId);
    const codes = products.get(m.brandId);
    if (codes?.get(m.code) === m) codes.delete(m.code);
    if (codes?.size === 0) products.delete(m.brandId);
    refused.set(`${m.brandId}:${m.code}`, retryAt);
    deps.log.info(
      { brandId: m.brandId, code: m.code },
      `event memory: ${why}; decisions query the store`,
    );
  }

  /** The code holding most bytes of the product holding most, other than `brandId`. */
  function largestOther(brandId: number): CodeMemory | null {
    let top: number | null = null;
    for (const [b, bytes] of held)
      if (b !== brandId && (top === null || bytes > held.get(top)!)) top = b;
    if (top === null) return null;
    let m: CodeMemory | null = null;
    for (const c of products.get(top)?.values() ?? [])
      if (!m || c.events.held + c.arrivedBytes > m.events.held + m.arrivedBytes) m = c;
    return m;
  }

  /** May this code take `bytes` more? Within its product's share, and room made fairly. */
  function reserve(m: CodeMemory, bytes: number): boolean {
    if (m.state === 'gone') return bytes <= 0;
    if (bytes <= 0) {
      take(m.brandId, bytes);
      return true;
    }
    const mine = (held.get(m.brandId) ?? 0) + bytes;
    if (mine > share) return false;
    while (total + bytes > maxBytes) {
      const holders = held.size + (held.has(m.brandId) ? 0 : 1);
      const fair = maxBytes / holders;
      const victim = largestOther(m.brandId);
      if (mine > fair || !victim || held.get(victim.brandId)! <= fair) return false;
      forget(victim, 'dropped to make room for another product', now() + NO_ROOM_RETRY_MS);
    }
    take(m.brandId, bytes);
    return true;
  }

  function newMemory(brandId: number, code: string, keys: ReadonlySet<string>): CodeMemory {
    const m: CodeMemory = {
      brandId,
      code,
      state: 'loading',
      keys,
      events: new VisitorEventColumns((bytes) => reserve(m, bytes)),
      arrived: [],
      arrivedBytes: 0,
    };
    return m;
  }

  /**
   * Loads the codes' events, in slices where the store can (the event loop serves requests
   * between them), puts each visitor's in time order keeping their newest, then adds the rows
   * that arrived meanwhile.
   */
  async function load(brandId: number, memories: CodeMemory[]) {
    const byCode = new Map(memories.map((m) => [m.code, m]));
    const room = Math.max(0, share - (held.get(brandId) ?? 0));
    // Each event takes at least EVENT_COLUMN_BYTES: a load that reaches this many rows is cut.
    const limit = Math.floor(room / EVENT_COLUMN_BYTES) + 1;
    let count = 0;
    const slice = (rows: CodeEvent[]) => {
      count += rows.length;
      for (const r of rows) {
        const m = byCode.get(r.event);
        const key = keyOf(r.userId, r.anonymousId);
        if (!m || m.state === 'gone' || key === null) continue;
        if (!m.events.push(key, r.messageId, r.at, keptProperties(r.propertiesJson, m.keys)))
          forget(m, 'more events than the product’s share holds', now() + NO_ROOM_RETRY_MS);
      }
      if (memories.every((m) => m.state === 'gone')) throw STOP;
    };
    try {
      const shape = { kind: 'codeEvents' as const, brandId, events: [...byCode.keys()], limit };
      if (deps.store.stream) await deps.store.stream(shape, slice);
      else slice(await deps.store.query(shape));
    } catch (err) {
      if (err === STOP) return;
      deps.log.warn({ err, brandId }, 'event memory: load failed');
      for (const m of memories) forget(m, 'load failed', now() + RETRY_AFTER_MS);
      return;
    }
    if (count >= limit) {
      for (const m of memories)
        forget(m, 'more events than the product’s share holds', now() + NO_ROOM_RETRY_MS);
      return;
    }
    for (const m of memories) {
      if (gone(m)) continue;
      await m.events.keepNewest(keep, pause);
      // Dropped meanwhile to make room for another product?
      if (gone(m)) continue;
      if (m.events.wasted > 0) m.events.compact();
      const arrived = m.arrived;
      m.arrived = [];
      take(m.brandId, -m.arrivedBytes);
      m.arrivedBytes = 0;
      m.state = 'ready';
      for (const a of arrived) if (!add(m, a.key, a.messageId, a.at, a.props)) break;
    }
  }

  /** Adds one event to a ready code; false (and the code dropped) when there is no room. */
  function add(m: CodeMemory, key: string, messageId: string, at: number, props: string) {
    if (m.events.insert(key, messageId, at, props, keep) !== 'full') {
      // Events cut off visitors' lists are never read: past half the bytes, they are given back.
      if (m.events.wasted > m.events.held / 2) m.events.compact();
      return true;
    }
    forget(m, 'no room left in the product’s share', now() + NO_ROOM_RETRY_MS);
    return false;
  }

  /**
   * Counts a condition over the visitor's events of one ready code (see the header). `seen` is
   * the decision's: conditions on the same code walk the same events in the same order, so each
   * event's properties are parsed once, and each attribute filter tested once, per decision.
   */
  function count(
    m: CodeMemory,
    keys: string[],
    c: EventCondition,
    at: number,
    seen: Seen,
    budget: { parsedBytes: number },
    keptFrom: number | null,
  ): number {
    const stop = decisiveCount(c.frequency);
    if (stop === 0) return 0;
    const window = eventWindow(c.timeframe, at);
    const { to } = window;
    // Events past the product's retention are hidden here as in the store (docs/retention.md).
    const from = keptFrom === null ? window.from : Math.max(window.from ?? keptFrom, keptFrom);
    const filter =
      c.attribute_conditions.length > 0
        ? JSON.stringify([c.attribute_condition_operator, c.attribute_conditions])
        : null;
    let tested = filter === null ? null : seen.filters.get(filter);
    if (filter !== null && !tested) seen.filters.set(filter, (tested = new Uint8Array(keep)));
    let n = 0;
    for (let position = 0; position < keep && n < stop; position++) {
      if (position === seen.order.length) {
        const next = seen.next();
        if (next === -1) break;
        seen.order.push(next);
        seen.times.push(m.events.timeOf(next));
      }
      cost.visited++;
      const t = seen.times[position]!;
      if (to !== null && t >= to) continue;
      if (from !== null && t < from) break;
      if (tested) {
        let holds = tested[position]!;
        if (holds === UNKNOWN) {
          let p = seen.parsed[position];
          if (p === undefined) {
            const i = seen.order[position]!;
            const length = m.events.propsLengthOf(i);
            if (budget.parsedBytes + length > parseBudget) break;
            budget.parsedBytes += length;
            cost.parsed++;
            cost.parsedBytes += length;
            p = seen.parsed[position] = parse(m.events.propsOf(i));
          }
          holds = tested[position] = eventPropertiesHold(p, c, at) ? HOLDS : FAILS;
        }
        if (holds === FAILS) continue;
      }
      n++;
    }
    return n;
  }

  return {
    /**
     * A counter of event conditions on these codes for this visitor, or null when one of the
     * codes is not in memory with the properties its conditions read (its load is then started
     * in the background, and the caller queries the store this time).
     */
    counter(
      brandId: number,
      visitor: VisitorIds,
      codes: ReadonlyMap<string, ReadonlySet<string>>,
    ): EventCounter | null {
      let codesOf = products.get(brandId);
      const missing: CodeMemory[] = [];
      let ready = true;
      for (const [code, needed] of codes) {
        let keys = needed;
        let m = codesOf?.get(code);
        if (m && [...keys].some((k) => !m!.keys.has(k))) {
          // A condition reads a property not kept: load again with it.
          const wider = new Set([...m.keys, ...keys]);
          forget(m, 'a condition reads another property', 0);
          codesOf = products.get(brandId);
          m = undefined;
          keys = wider;
        }
        if (m) ready &&= m.state === 'ready';
        else {
          ready = false;
          if ((refused.get(`${brandId}:${code}`) ?? 0) <= now()) {
            refused.delete(`${brandId}:${code}`);
            missing.push(newMemory(brandId, code, keys));
          }
        }
      }
      if (missing.length > 0) {
        if (!codesOf) products.set(brandId, (codesOf = new Map()));
        for (const m of missing) codesOf.set(m.code, m);
        void load(brandId, missing);
      }
      if (!ready) return null;

      const keys = [`a:${visitor.anonymousId}`];
      if (visitor.userId !== null) keys.push(`u:${visitor.userId}`);
      const memories = codesOf!;
      cost.decisions++;
      const seen = new Map<string, Seen>();
      const budget = { parsedBytes: 0 };
      const keptFrom = deps.keptFrom?.(brandId) ?? null;
      return (c, at) => {
        const m = c.event_code ? memories.get(c.event_code) : undefined;
        if (!m || m.state !== 'ready') return 0;
        let s = seen.get(m.code);
        if (!s)
          seen.set(
            m.code,
            (s = {
              next: m.events.walk(keys),
              order: [],
              times: [],
              parsed: [],
              filters: new Map(),
            }),
          );
        return count(m, keys, c, at, s, budget, keptFrom);
      };
    },

    /** Rows just committed to the store: those of codes in memory are added. */
    remember(rows: readonly EventRow[]) {
      for (const row of rows) {
        const m = products.get(row.brandId)?.get(row.event);
        const key = keyOf(row.userId, row.anonymousId);
        if (!m || key === null) continue;
        const props = keptProperties(row.properties, m.keys);
        const at = row.timestamp.getTime();
        if (m.state === 'loading') {
          // What a waiting row takes: the object, its strings (UTF-16) and the array's slot.
          const bytes = 96 + 2 * (key.length + row.messageId.length + props.length);
          if (!reserve(m, bytes))
            forget(m, 'no room left in the product’s share', now() + NO_ROOM_RETRY_MS);
          else {
            m.arrivedBytes += bytes;
            m.arrived.push({ key, messageId: row.messageId, at, props });
          }
        } else add(m, key, row.messageId, at, props);
      }
    },

    /**
     * Drops every code of a product: its events changed in the store (an erasure, a purge), so
     * the next decision that needs them loads them again.
     */
    forgetProduct(brandId: number) {
      for (const m of [...(products.get(brandId)?.values() ?? [])])
        forget(m, 'events deleted from the store', 0);
    },

    /** Bytes held over all products, or by one. */
    bytes: (brandId?: number) => (brandId === undefined ? total : (held.get(brandId) ?? 0)),
    /** Whether a code of a product is in memory and ready (tests, diagnostics). */
    has: (brandId: number, code: string) => products.get(brandId)?.get(code)?.state === 'ready',
    /** What decisions cost so far: events looked at, events and bytes parsed (tests, bench). */
    cost: () => ({ ...cost }),
  };
}
export type EventMemory = ReturnType<typeof createEventMemory>;
