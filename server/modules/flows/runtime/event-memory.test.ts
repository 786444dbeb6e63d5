import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventCondition } from '../../../../lib/contracts/flows';
import { openDuckDBStore, type DuckDBStore } from '../../../analytics/duckdb.store';
import { trackEvent } from '../../../analytics/test-events';
import type { AnalyticsStore, CodeEvent, EventRow } from '../../../analytics/types';
import { frequencyHolds } from './decide';
import {
  createEventMemory,
  EVENTS_PER_VISITOR,
  keptProperties,
  PARSED_BYTES_PER_DECISION,
  type EventMemory,
} from './event-memory';
import { countMatching, type SeenEvent } from './reads';

const BRAND = 7;
const OTHER = 8;
const silent = { warn: () => undefined, info: () => undefined };
const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T00:00:00Z');

function ev(
  id: string,
  event: string,
  iso: string,
  who: { userId?: string; anonymousId?: string },
  properties: Record<string, unknown> = {},
  brandId = BRAND,
): EventRow {
  return trackEvent(brandId, id, event, iso, { ...who, properties });
}

function cond(code: string, over: Partial<EventCondition> = {}): EventCondition {
  return {
    event_id: 1,
    event_code: code,
    frequency: { condition_type: 'at_least', value: 1 },
    timeframe: { condition_type: 'anytime' },
    attribute_conditions: [],
    attribute_condition_operator: 'AND',
    ...over,
  };
}
const atLeast = (value: number) => ({ condition_type: 'at_least' as const, value });
const totalOver = (value: number) => [
  { attribute_key: 'total', condition_type: '>' as const, value },
];

/** What each code's conditions read: `{Order: ['total']}` → a map of sets. */
const codes = (spec: Record<string, string[]>) =>
  new Map(Object.entries(spec).map(([k, v]) => [k, new Set(v)]));

/** Asks until the memory has loaded the codes (the first ask starts the load). */
async function counterWhenReady(memory: EventMemory, ...args: Parameters<EventMemory['counter']>) {
  for (let i = 0; i < 400; i++) {
    const got = memory.counter(...args);
    if (got) return got;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('never loaded');
}

/** A store answering `codeEvents` from rows made in the test (no engine: large histories fast). */
function fakeStore(rows: () => CodeEvent[]) {
  let loads = 0;
  const store = {
    query: (shape: { kind: string; brandId: number; events: string[]; limit: number }) => {
      loads++;
      const all = rows().filter((r) => shape.events.includes(r.event));
      return Promise.resolve(all.slice(0, shape.limit));
    },
  } as unknown as Pick<AnalyticsStore, 'query'>;
  return { store, loads: () => loads };
}

/**
 * `n` events of one visitor, one a minute back from NOW, `total` = i % 100, each with a `note`
 * of `noteBytes` (made when read, so a test of 100,000 such events does not keep them all).
 */
function history(n: number, visitor = 'heavy', event = 'Order', noteBytes = 0): CodeEvent[] {
  const note = 'x'.repeat(noteBytes);
  return Array.from({ length: n }, (_, i) => ({
    event,
    messageId: `${visitor}-${i}`,
    userId: null,
    anonymousId: visitor,
    at: NOW - i * 60_000,
    get propertiesJson() {
      return JSON.stringify(noteBytes ? { total: i % 100, note } : { total: i % 100 });
    },
  }));
}

describe('event memory', () => {
  let store: DuckDBStore;
  beforeEach(async () => {
    store = await openDuckDBStore(':memory:');
  });
  afterEach(async () => store.close());

  it('loads a code once, then counts for each visitor in their own key space', async () => {
    await store.insert([
      ev('1', 'Order', '2026-01-01T10:00:00Z', { userId: 'u1' }, { n: 1 }),
      ev('2', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a1' }, { n: 2 }),
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'u1' }, { n: 3 }),
      ev('4', 'Other', '2026-01-03T10:00:00Z', { userId: 'u1' }, { n: 4 }),
      ev('5', 'Order', '2026-01-03T10:00:00Z', { userId: 'u1' }, { n: 5 }, OTHER),
    ]);
    const memory = createEventMemory({ store, log: silent });
    const user = { userId: 'u1', anonymousId: 'a1' };
    const every = cond('Order', { frequency: atLeast(100) });
    const now = Date.parse('2026-01-10T00:00:00Z');
    // Not loaded yet: the caller reads the store this time.
    expect(memory.counter(BRAND, user, codes({ Order: [] }))).toBeNull();
    const count = await counterWhenReady(memory, BRAND, user, codes({ Order: [] }));
    expect(count(every, now)).toBe(2);
    // An anonymous id equal to a user id reads only anonymous events sent with it.
    const anon = memory.counter(BRAND, { userId: null, anonymousId: 'u1' }, codes({ Order: [] }));
    expect(anon!(every, now)).toBe(1);
    // The window: the last 8 days from Jan 10 start on Jan 2.
    const since = cond('Order', {
      frequency: atLeast(100),
      timeframe: { condition_type: 'in_the_last', value: 8, unit: 'days' },
    });
    expect(count(since, now)).toBe(1);
    // Another product's events stay its own.
    expect((await counterWhenReady(memory, OTHER, user, codes({ Order: [] })))(every, now)).toBe(1);
  });

  it('adds committed rows, skips repeats, and keeps rows that arrive while it loads', async () => {
    await store.insert([ev('1', 'Order', '2026-01-01T10:00:00Z', { anonymousId: 'a1' })]);
    const memory = createEventMemory({ store, log: silent });
    const visitor = { userId: null, anonymousId: 'a1' };
    const every = cond('Order', { frequency: atLeast(100) });
    expect(memory.counter(BRAND, visitor, codes({ Order: [] }))).toBeNull();
    // Committed while the load runs: once in the loaded rows and once through the hook.
    memory.remember([
      ev('1', 'Order', '2026-01-01T10:00:00Z', { anonymousId: 'a1' }),
      ev('2', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a1' }),
    ]);
    const count = await counterWhenReady(memory, BRAND, visitor, codes({ Order: [] }));
    expect(count(every, NOW)).toBe(2);
    memory.remember([
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }),
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }),
      ev('4', 'Unwatched', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }),
    ]);
    expect(memory.counter(BRAND, visitor, codes({ Order: [] }))!(every, NOW)).toBe(3);
  });

  it('keeps only the properties conditions read, and loads again when one reads another', async () => {
    const big = 'y'.repeat(8 * 1024);
    await store.insert(
      [1, 2, 3].map((n) =>
        ev(
          String(n),
          'Order',
          `2026-01-0${n}T10:00:00Z`,
          { anonymousId: 'a' },
          { total: n * 40, big, plan: 'pro' },
        ),
      ),
    );
    const memory = createEventMemory({ store, log: silent });
    const visitor = { userId: null, anonymousId: 'a' };
    const count = await counterWhenReady(memory, BRAND, visitor, codes({ Order: ['total'] }));
    const over = cond('Order', { frequency: atLeast(9), attribute_conditions: totalOver(50) });
    expect(count(over, NOW)).toBe(2);
    // Three 8 KB properties never read are not held.
    expect(memory.bytes(BRAND)).toBeLessThan(4 * 1024);
    expect(keptProperties({ total: 5, big, __proto__x: 1 }, new Set(['total', 'gone']))).toBe(
      '{"total":5}',
    );

    // A tour now also reads `plan`: the code is loaded again with it.
    expect(memory.counter(BRAND, visitor, codes({ Order: ['total', 'plan'] }))).toBeNull();
    const wider = await counterWhenReady(memory, BRAND, visitor, codes({ Order: ['plan'] }));
    const pro = cond('Order', {
      frequency: atLeast(9),
      attribute_conditions: [{ attribute_key: 'plan', condition_type: 'exact', value: 'pro' }],
    });
    expect(wider(pro, NOW)).toBe(3);
    expect(wider(over, NOW)).toBe(2);
  });

  it('counts as the store path does, whatever the window, frequency and filters', async () => {
    const rows: CodeEvent[] = Array.from({ length: 300 }, (_, i) => ({
      event: i % 3 === 0 ? 'Signup' : 'Order',
      messageId: `m${i}`,
      userId: i % 4 === 0 ? 'u' : null,
      anonymousId: 'a',
      at: NOW - ((i * 7919) % 90) * DAY - i,
      propertiesJson: JSON.stringify({ total: (i * 31) % 100 }),
    }));
    const { store: fake } = fakeStore(() => rows);
    const memory = createEventMemory({ store: fake, log: silent });
    const visitor = { userId: 'u', anonymousId: 'a' };
    const count = await counterWhenReady(
      memory,
      BRAND,
      visitor,
      codes({ Order: ['total'], Signup: ['total'] }),
    );
    const seen: SeenEvent[] = rows.map((r) => ({
      event: r.event,
      timestamp: new Date(r.at),
      properties: JSON.parse(r.propertiesJson) as Record<string, unknown>,
    }));
    const timeframes: EventCondition['timeframe'][] = [
      { condition_type: 'anytime' },
      { condition_type: 'in_the_last', value: 30, unit: 'days' },
      { condition_type: 'more_than', value: 30, unit: 'days' },
      { condition_type: 'between', value: { from: 10, to: 40 }, unit: 'days' },
    ];
    const frequencies: EventCondition['frequency'][] = [
      atLeast(1),
      atLeast(40),
      { condition_type: 'at_most', value: 20 },
      { condition_type: 'exactly', value: 12 },
      { condition_type: 'between', value: { from: 5, to: 30 } },
    ];
    let checked = 0;
    for (const code of ['Order', 'Signup'])
      for (const timeframe of timeframes)
        for (const frequency of frequencies)
          for (const attribute_conditions of [[], totalOver(60)]) {
            const c = cond(code, { timeframe, frequency, attribute_conditions });
            expect(frequencyHolds(count(c, NOW), frequency)).toBe(
              frequencyHolds(countMatching(seen, c, NOW), frequency),
            );
            checked++;
          }
    expect(checked).toBe(80);
  });

  it('bounds what one decision reads, whatever the visitor’s history (100,000 events)', async () => {
    const costOf = async (n: number) => {
      const rows = history(n, 'heavy', 'Order', 8 * 1024);
      const { store: fake } = fakeStore(() => rows);
      const memory = createEventMemory({ store: fake, log: silent });
      const visitor = { userId: null, anonymousId: 'heavy' };
      const count = await counterWhenReady(memory, BRAND, visitor, codes({ Order: ['total'] }));
      const before = memory.cost();
      // Never decided early: at least one more than there are matching events.
      const undecided = cond('Order', {
        frequency: atLeast(n),
        attribute_conditions: totalOver(98),
      });
      const result = count(undecided, NOW);
      const after = memory.cost();
      return {
        result,
        visited: after.visited - before.visited,
        parsedBytes: after.parsedBytes - before.parsedBytes,
        memory,
        count,
      };
    };
    const small = await costOf(10_000);
    const large = await costOf(100_000);
    // The same work for 10,000 and 100,000 events: the newest EVENTS_PER_VISITOR at most.
    expect(large.visited).toBe(small.visited);
    expect(large.visited).toBeLessThanOrEqual(EVENTS_PER_VISITOR);
    expect(large.parsedBytes).toBeLessThanOrEqual(PARSED_BYTES_PER_DECISION);
    // Only the `total` of each event is kept, not its 8 KB note.
    expect(large.result).toBe(EVENTS_PER_VISITOR / 100);
    expect(large.memory.bytes()).toBeLessThan(EVENTS_PER_VISITOR * 64 + 64 * 1024);

    // Another tour's condition with the same filter in the same decision parses nothing again.
    const parsed = large.memory.cost().parsedBytes;
    expect(large.count(cond('Order', { attribute_conditions: totalOver(98) }), NOW)).toBe(1);
    expect(large.memory.cost().parsedBytes).toBe(parsed);

    // Decided early: at least 1 in the last day stops at the newest matching event.
    const before = large.memory.cost().visited;
    const recent = cond('Order', {
      timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
    });
    expect(large.count(recent, NOW)).toBe(1);
    expect(large.memory.cost().visited - before).toBe(1);
    // A window's start ends the walk: the 121 events of the last 2 hours, and the one before.
    const start = large.memory.cost().visited;
    const rare = cond('Order', {
      frequency: atLeast(5),
      attribute_conditions: totalOver(98),
      timeframe: { condition_type: 'in_the_last', value: 120, unit: 'minutes' },
    });
    expect(large.count(rare, NOW)).toBe(1);
    expect(large.memory.cost().visited - start).toBe(122);
  });

  it('holds no more bytes than its bound, nor a product more than its share', async () => {
    const maxBytes = 400_000;
    const productShare = 250_000;
    const rows = [...history(3_000, 'v1'), ...history(3_000, 'v2', 'Signup')];
    const { store: fake } = fakeStore(() => rows);
    const memory = createEventMemory({ store: fake, log: silent, maxBytes, productShare });
    const v1 = { userId: null, anonymousId: 'v1' };
    const count = await counterWhenReady(memory, BRAND, v1, codes({ Order: ['total'] }));
    expect(memory.bytes(BRAND)).toBeLessThanOrEqual(productShare);
    // Rows keep coming: the product stays within its share (its code dropped when it would pass).
    for (let i = 0; i < 20_000; i++) {
      memory.remember([
        ev(
          `new-${i}`,
          'Order',
          new Date(NOW + i * 1000).toISOString(),
          { anonymousId: `n${i}` },
          { total: 1 },
        ),
      ]);
      expect(memory.bytes(BRAND)).toBeLessThanOrEqual(productShare);
      expect(memory.bytes()).toBeLessThanOrEqual(maxBytes);
    }
    expect(memory.has(BRAND, 'Order')).toBe(false);
    expect(count(cond('Order'), NOW)).toBe(0);
    expect(memory.counter(BRAND, v1, codes({ Order: ['total'] }))).toBeNull();
  });

  it('counts rows that arrive during a load in the product’s share', async () => {
    let release: (rows: CodeEvent[]) => void = () => undefined;
    const slow = {
      query: () => new Promise<CodeEvent[]>((resolve) => (release = resolve)),
    } as unknown as Pick<AnalyticsStore, 'query'>;
    const productShare = 50_000;
    const memory = createEventMemory({ store: slow, log: silent, productShare });
    const visitor = { userId: null, anonymousId: 'a' };
    expect(memory.counter(BRAND, visitor, codes({ Order: ['total'] }))).toBeNull();
    let most = 0;
    for (let i = 0; i < 2_000; i++) {
      memory.remember([ev(`w${i}`, 'Order', '2026-01-01T10:00:00Z', { anonymousId: `v${i}` })]);
      most = Math.max(most, memory.bytes(BRAND));
    }
    expect(most).toBeGreaterThan(productShare / 2);
    expect(most).toBeLessThanOrEqual(productShare);
    release([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(memory.has(BRAND, 'Order')).toBe(false);
    expect(memory.bytes(BRAND)).toBe(0);
  });

  it('one product filling its share never drops another product’s events', async () => {
    const maxBytes = 600_000;
    const productShare = 200_000;
    const rows = (brand: number) =>
      brand === BRAND ? history(20_000, 'big') : history(200, `small${brand}`);
    const stores = new Map<number, ReturnType<typeof fakeStore>>();
    const fake = {
      query: (shape: { kind: 'codeEvents'; brandId: number; events: string[]; limit: number }) => {
        if (!stores.has(shape.brandId))
          stores.set(
            shape.brandId,
            fakeStore(() => rows(shape.brandId)),
          );
        return stores.get(shape.brandId)!.store.query(shape);
      },
    } as unknown as Pick<AnalyticsStore, 'query'>;
    const memory = createEventMemory({ store: fake, log: silent, maxBytes, productShare });
    const small = { userId: null, anonymousId: `small${OTHER}` };
    await counterWhenReady(memory, OTHER, small, codes({ Order: ['total'] }));
    const held = memory.bytes(OTHER);
    expect(held).toBeGreaterThan(0);

    // The big product's code does not fit its share: it alone goes to the store.
    const big = { userId: null, anonymousId: 'big' };
    memory.counter(BRAND, big, codes({ Order: ['total'] }));
    await new Promise((r) => setTimeout(r, 50));
    expect(memory.counter(BRAND, big, codes({ Order: ['total'] }))).toBeNull();
    expect(memory.bytes(BRAND)).toBe(0);
    expect(memory.has(OTHER, 'Order')).toBe(true);
    expect(memory.bytes(OTHER)).toBe(held);

    // Products each within their share fill the whole memory: a newcomer under its fair part
    // takes room from the product holding most, never from one holding less than it.
    const fill = createEventMemory({
      store: {
        query: (shape: { kind: 'codeEvents'; brandId: number; events: string[]; limit: number }) =>
          fakeStore(() =>
            history(shape.brandId === 1 ? 5_000 : shape.brandId === 4 ? 2_500 : 500),
          ).store.query(shape),
      } as unknown as Pick<AnalyticsStore, 'query'>,
      log: silent,
      maxBytes: 400_000,
      productShare: 300_000,
    });
    const heavy = { userId: null, anonymousId: 'heavy' };
    for (const brand of [1, 2, 3])
      await counterWhenReady(fill, brand, heavy, codes({ Order: ['total'] }));
    const before = [1, 2, 3].map((b) => fill.bytes(b));
    expect(before[0]).toBeGreaterThan(before[1]! * 5);
    await counterWhenReady(fill, 4, heavy, codes({ Order: ['total'] }));
    expect(fill.bytes()).toBeLessThanOrEqual(400_000);
    // The largest product made room; the two small ones kept every byte.
    expect(fill.has(1, 'Order')).toBe(false);
    expect([2, 3].map((b) => fill.bytes(b))).toEqual(before.slice(1));
  });

  it('asks the store again only after a while when a load fails', async () => {
    let clock = 0;
    let calls = 0;
    const failing = {
      query: () => {
        calls++;
        return Promise.reject(new Error('store down'));
      },
    } as unknown as DuckDBStore;
    const memory = createEventMemory({ store: failing, log: silent, now: () => clock });
    const visitor = { userId: null, anonymousId: 'a' };
    expect(memory.counter(BRAND, visitor, codes({ Order: [] }))).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(memory.counter(BRAND, visitor, codes({ Order: [] }))).toBeNull();
    expect(calls).toBe(1);
    clock += 30_000;
    expect(memory.counter(BRAND, visitor, codes({ Order: [] }))).toBeNull();
    expect(calls).toBe(2);
  });
});
