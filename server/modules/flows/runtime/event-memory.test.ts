import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDBStore, type DuckDBStore } from '../../../analytics/duckdb.store';
import { trackEvent } from '../../../analytics/test-events';
import type { EventRow } from '../../../analytics/types';
import { createEventMemory } from './event-memory';

const BRAND = 7;
const OTHER = 8;
const silent = { warn: () => undefined, info: () => undefined };

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

let store: DuckDBStore;
beforeEach(async () => {
  store = await openDuckDBStore(':memory:');
});
afterEach(async () => store.close());

/** Reads until the memory has loaded the codes (the first read starts the load). */
async function readWhenReady(
  memory: ReturnType<typeof createEventMemory>,
  ...args: Parameters<ReturnType<typeof createEventMemory>['read']>
) {
  for (let i = 0; i < 100; i++) {
    const got = memory.read(...args);
    if (got) return got;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('never loaded');
}

const ids = (events: { properties: Record<string, unknown> }[]) =>
  events.map((e) => e.properties.n).sort();

describe('event memory', () => {
  it('loads a code once, then answers for each visitor in their own key space', async () => {
    await store.insert([
      ev('1', 'Order', '2026-01-01T10:00:00Z', { userId: 'u1' }, { n: 1 }),
      ev('2', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a1' }, { n: 2 }),
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'u1' }, { n: 3 }),
      ev('4', 'Other', '2026-01-03T10:00:00Z', { userId: 'u1' }, { n: 4 }),
      ev('5', 'Order', '2026-01-03T10:00:00Z', { userId: 'u1' }, { n: 5 }, OTHER),
    ]);
    const memory = createEventMemory({ store, log: silent });
    const user = { userId: 'u1', anonymousId: 'a1' };
    // Not loaded yet: the caller reads the store this time.
    expect(memory.read(BRAND, user, ['Order'], null)).toBeNull();
    const got = await readWhenReady(memory, BRAND, user, ['Order'], null);
    expect(ids(got)).toEqual([1, 2]);
    expect(got.find((e) => e.properties.n === 1)).toEqual({
      event: 'Order',
      timestamp: new Date('2026-01-01T10:00:00Z'),
      properties: { n: 1 },
    });
    // An anonymous id equal to a user id reads only anonymous events sent with it.
    expect(ids(memory.read(BRAND, { userId: null, anonymousId: 'u1' }, ['Order'], null)!)).toEqual([
      3,
    ]);
    // The window's start.
    const since = Date.parse('2026-01-02T00:00:00Z');
    expect(ids(memory.read(BRAND, user, ['Order'], since)!)).toEqual([2]);
    // Another product's events stay its own.
    expect(ids(await readWhenReady(memory, OTHER, user, ['Order'], null))).toEqual([5]);
    expect(memory.size()).toBe(4);
  });

  it('adds committed rows, skips repeats, and keeps rows that arrive while it loads', async () => {
    await store.insert([ev('1', 'Order', '2026-01-01T10:00:00Z', { anonymousId: 'a1' }, { n: 1 })]);
    const memory = createEventMemory({ store, log: silent });
    const visitor = { userId: null, anonymousId: 'a1' };
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    // Committed while the load runs: once in the loaded rows and once through the hook.
    const during = [
      ev('1', 'Order', '2026-01-01T10:00:00Z', { anonymousId: 'a1' }, { n: 1 }),
      ev('2', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a1' }, { n: 2 }),
    ];
    memory.remember(during);
    expect(ids(await readWhenReady(memory, BRAND, visitor, ['Order'], null))).toEqual([1, 2]);

    memory.remember([
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }, { n: 3 }),
      ev('3', 'Order', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }, { n: 3 }),
      ev('4', 'Unwatched', '2026-01-03T10:00:00Z', { anonymousId: 'a1' }, { n: 4 }),
    ]);
    expect(ids(memory.read(BRAND, visitor, ['Order'], null)!)).toEqual([1, 2, 3]);
    expect(memory.size()).toBe(3);
  });

  it('leaves a code to the store when it holds more events than the memory may keep', async () => {
    await store.insert(
      [1, 2, 3].map((n) => ev(String(n), 'Order', '2026-01-01T10:00:00Z', { anonymousId: 'a' })),
    );
    const memory = createEventMemory({ store, log: silent, maxEvents: 2 });
    const visitor = { userId: null, anonymousId: 'a' };
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    expect(memory.size()).toBe(0);

    // Filling up later: the code is dropped and the store answers again.
    const small = createEventMemory({ store, log: silent, maxEvents: 4 });
    expect(ids(await readWhenReady(small, BRAND, visitor, ['Order'], null))).toHaveLength(3);
    small.remember([ev('9', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a' })]);
    small.remember([ev('10', 'Order', '2026-01-02T10:00:00Z', { anonymousId: 'a' })]);
    expect(small.read(BRAND, visitor, ['Order'], null)).toBeNull();
    expect(small.size()).toBe(0);
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
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    expect(calls).toBe(1);
    clock += 30_000;
    expect(memory.read(BRAND, visitor, ['Order'], null)).toBeNull();
    expect(calls).toBe(2);
  });
});
