import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient, type ClickHouseClientConfigOptions } from '@clickhouse/client';
import { loadChdb, openChdbExecutor } from './chdb.executor';
import { clickHouseClientExecutor } from './clickhouse-client.executor';
import { openClickHouseStore } from './clickhouse.store';
import { openDuckDBStore } from './duckdb.store';
import { openAnalyticsStore } from './index';
import { reportQuerySuite } from './report-query.suite';
import {
  IDENTIFY_EVENT,
  PAGE_EVENT,
  type AnalyticsStore,
  type EventRow,
  type StoredEvent,
} from './types';

const chdbAvailable = (await loadChdb()) !== null;
if (!chdbAvailable)
  console.warn('chdb not installed: ClickHouse store suite skipped (npm install --no-save chdb)');

const tmpDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'signpost-analytics-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tmpDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

// ---------------------------------------------------------------------------------------------
// Fixture: three brands; brand 2 reuses brand 1's user and anonymous ids to prove tenancy.

const A = 1;
const B = 2;
const C = 3;

function ev(
  brandId: number,
  messageId: string,
  event: string,
  iso: string,
  who: { userId?: string; anonymousId?: string },
): EventRow {
  const timestamp = new Date(iso);
  const userId = who.userId ?? null;
  const anonymousId = who.anonymousId ?? null;
  return {
    brandId,
    messageId,
    type: event === PAGE_EVENT ? 'page' : event === IDENTIFY_EVENT ? 'identify' : 'track',
    event,
    userId,
    anonymousId,
    customerKey: userId ?? anonymousId ?? '',
    timestamp,
    receivedAt: new Date(timestamp.getTime() + 1_000),
    properties: { id: messageId },
    context: {},
    url: null,
    path: null,
    referrer: null,
    browser: null,
    os: null,
    device: null,
    country: null,
  };
}

const e9 = ev(A, 'A-e9', PAGE_EVENT, '2024-03-03T23:00:00.000Z', { anonymousId: 'a1' });
const e1 = ev(A, 'A-e1', 'signup', '2024-03-04T10:00:00.123Z', { userId: 'u1', anonymousId: 'a1' });
const e2 = ev(A, 'A-e2', PAGE_EVENT, '2024-03-04T11:00:00.000Z', { anonymousId: 'a2' });
const e8 = ev(A, 'A-e8', 'signup', '2024-03-04T15:00:00.000Z', { userId: 'u1' });
const e3 = ev(A, 'A-e3', 'signup', '2024-03-05T09:00:00.000Z', { userId: 'u2' });
// Same timestamp as e3: the timeline orders ties by message id (descending).
const e7 = ev(A, 'A-e7', IDENTIFY_EVENT, '2024-03-05T09:00:00.000Z', { userId: 'u2' });
const e4 = ev(A, 'A-e4', 'purchase', '2024-03-06T12:00:00.000Z', { userId: 'u1' });
const e5 = ev(A, 'A-e5', 'signup', '2024-03-11T08:00:00.000Z', { anonymousId: 'a3' });
const e6 = ev(A, 'A-e6', 'signup', '2024-04-02T00:00:00.000Z', { userId: 'u1' });
const f1 = ev(B, 'B-f1', 'signup', '2024-03-04T10:30:00.000Z', { userId: 'u1' });
const f2 = ev(B, 'B-f2', 'signup', '2024-03-05T10:00:00.000Z', { userId: 'u9' });
const f3 = ev(B, 'B-f3', 'purchase', '2024-03-06T13:00:00.000Z', { userId: 'u1' });
const f4 = ev(B, 'B-f4', 'signup', '2024-03-07T00:00:00.000Z', { anonymousId: 'a1' });
const g1 = ev(C, 'C-g1', 'signup', '2024-03-20T00:00:00.000Z', { userId: 'u7' });
const FIXTURE = [e9, e1, e2, e8, e3, e7, e4, e5, e6, f1, f2, f3, f4, g1];

const MARCH = { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-04-01T00:00:00Z') };
const ids = (events: StoredEvent[]) => events.map((e) => e.messageId);

function fullRow(): EventRow {
  return {
    brandId: A,
    messageId: 'full-1',
    type: 'track',
    event: 'Checkout Completed',
    userId: 'user-1',
    anonymousId: 'anon-1',
    customerKey: 'user-1',
    timestamp: new Date('2024-05-06T07:08:09.456Z'),
    receivedAt: new Date('2024-05-06T07:08:10.789Z'),
    properties: { total: 12.5, items: [{ sku: 'a', qty: 2 }], gift: false, note: null },
    context: { locale: 'fr-FR', screen: { width: 1280, height: 800 } },
    url: 'https://shop.example/checkout?step=2',
    path: '/checkout',
    referrer: 'https://www.google.com/',
    browser: 'Firefox',
    os: 'Linux',
    device: 'desktop',
    country: 'FR',
  };
}

// ---------------------------------------------------------------------------------------------
// The behavioural suite, run on every engine.

interface Harness {
  /** Opens a store on this harness' storage (again after close: a restart). */
  open(): Promise<AnalyticsStore>;
}

function storeSuite(makeHarness: () => Promise<Harness>) {
  let harness: Harness;
  let store: AnalyticsStore;

  beforeEach(async () => {
    harness = await makeHarness();
    store = await harness.open();
  });
  afterEach(async () => {
    await store.close();
  });

  const all = async (brandId: number) =>
    (
      await store.query({
        kind: 'countsByEvent',
        brandId,
        from: new Date('2000-01-01T00:00:00Z'),
        to: new Date('2100-01-01T00:00:00Z'),
      })
    ).reduce((sum, c) => sum + c.count, 0);

  it('reads back every field: JSON, nulls and millisecond UTC timestamps', async () => {
    const full = fullRow();
    const sparse = { ...ev(A, 'sparse-1', PAGE_EVENT, '2024-05-06T07:08:09.001Z', {}) };
    sparse.customerKey = 'anon-x';
    sparse.anonymousId = 'anon-x';
    sparse.properties = {};
    expect(await store.insert([full, sparse])).toBe(2);

    const tail = await store.query({ kind: 'tail', brandId: A, event: full.event, limit: 10 });
    expect(tail).toEqual([full]);
    expect(tail[0]!.timestamp).toBeInstanceOf(Date);
    const pages = await store.query({ kind: 'tail', brandId: A, event: PAGE_EVENT, limit: 10 });
    expect(pages).toEqual([sparse]);
    expect(pages[0]!.userId).toBeNull();
    expect(pages[0]!.url).toBeNull();
  });

  it('stores a message id once: within a batch, against stored rows, per brand', async () => {
    const first = ev(A, 'dup-1', 'signup', '2024-03-04T10:00:00Z', { userId: 'u1' });
    const again = { ...first, event: 'changed', properties: { second: true } };
    const otherBrand = { ...first, brandId: B };
    expect(await store.insert([first, again, otherBrand])).toBe(2);
    const second = ev(A, 'dup-2', 'signup', '2024-03-04T11:00:00Z', { userId: 'u1' });
    expect(await store.insert([first, second, otherBrand])).toBe(1);
    expect(await store.insert([first, second])).toBe(0);
    expect(await store.insert([])).toBe(0);

    const tail = await store.query({ kind: 'tail', brandId: A, event: 'signup', limit: 10 });
    expect(ids(tail)).toEqual(['dup-2', 'dup-1']);
    expect(tail[1]!.properties).toEqual({ id: 'dup-1' }); // The first copy wins.
    expect(await all(A)).toBe(2);
    expect(await all(B)).toBe(1);
  });

  it('dedupes across a restart and keeps the data', async () => {
    expect(await store.insert(FIXTURE)).toBe(FIXTURE.length);
    await store.close();
    store = await harness.open();
    const extra = ev(A, 'A-new', 'signup', '2024-03-12T00:00:00Z', { userId: 'u3' });
    expect(await store.insert([...FIXTURE, extra])).toBe(1);
    expect(await all(A)).toBe(10);
    expect(await all(B)).toBe(4);
  });

  reportQuerySuite(() => store);

  describe('query shapes on the fixture', () => {
    beforeEach(async () => {
      expect(await store.insert(FIXTURE)).toBe(FIXTURE.length);
    });

    it('tail: newest first, limited, one brand and one event', async () => {
      const tail = await store.query({ kind: 'tail', brandId: A, event: 'signup', limit: 10 });
      expect(ids(tail)).toEqual(['A-e6', 'A-e5', 'A-e3', 'A-e8', 'A-e1']);
      expect(tail[0]).toEqual(e6);
      const two = await store.query({ kind: 'tail', brandId: A, event: 'signup', limit: 2 });
      expect(ids(two)).toEqual(['A-e6', 'A-e5']);
      const b = await store.query({ kind: 'tail', brandId: B, event: 'signup', limit: 10 });
      expect(ids(b)).toEqual(['B-f4', 'B-f2', 'B-f1']);
      expect(await store.query({ kind: 'tail', brandId: A, event: 'none', limit: 5 })).toEqual([]);
    });

    it('tail without an event: every code of one brand, newest first, limited', async () => {
      const every = await store.query({ kind: 'tail', brandId: A, limit: 5 });
      expect(ids(every)).toEqual(['A-e6', 'A-e5', 'A-e4', 'A-e7', 'A-e3']);
      const b = await store.query({ kind: 'tail', brandId: B, limit: 10 });
      expect(ids(b)).toEqual(['B-f4', 'B-f3', 'B-f2', 'B-f1']);
    });

    it('exportEvents: one brand in [from, to), oldest first, keyset pages through ties', async () => {
      const shape = {
        kind: 'exportEvents' as const,
        brandId: A,
        from: new Date(0),
        to: new Date('2100-01-01T00:00:00Z'),
      };
      const everything = await store.query({ ...shape, limit: 100 });
      const expected = FIXTURE.filter((e) => e.brandId === A)
        .sort(
          (x, y) =>
            x.timestamp.getTime() - y.timestamp.getTime() ||
            (x.messageId < y.messageId ? -1 : x.messageId > y.messageId ? 1 : 0),
        )
        .map((e) => e.messageId);
      expect(ids(everything)).toEqual(expected);
      const paged: string[] = [];
      let after: { timestamp: Date; messageId: string } | undefined;
      for (;;) {
        const page = await store.query({ ...shape, limit: 2, after });
        if (page.length === 0) break;
        paged.push(...ids(page));
        const last = page.at(-1)!;
        after = { timestamp: last.timestamp, messageId: last.messageId };
      }
      expect(paged).toEqual(expected);
      const window = await store.query({
        ...shape,
        from: everything[1]!.timestamp,
        to: everything.at(-1)!.timestamp,
        limit: 100,
      });
      expect(ids(window)).toEqual(
        ids(everything).filter(
          (_, i) =>
            everything[i]!.timestamp >= everything[1]!.timestamp &&
            everything[i]!.timestamp < everything.at(-1)!.timestamp,
        ),
      );
    });

    it('deleteEvents: one customer of one brand, then everything before a time', async () => {
      const customer = { userId: 'u1', anonymousIds: ['a1'] };
      const timeline = () =>
        store.query({ kind: 'timeline', brandId: A, ...customer, userId: 'u1', limit: 100 });
      const theirs = await timeline();
      expect(theirs.length).toBeGreaterThan(1);
      const [totalA, totalB] = [await all(A), await all(B)];
      expect(await store.deleteEvents({ brandId: A, customer })).toBe(theirs.length);
      expect(await timeline()).toEqual([]);
      expect(await all(A)).toBe(totalA - theirs.length);
      // Brand B has its own a1: untouched.
      expect(await all(B)).toBe(totalB);
      // A second run finds nothing (a job run again after a lost lease).
      expect(await store.deleteEvents({ brandId: A, customer })).toBe(0);

      const left = await store.query({
        kind: 'exportEvents',
        brandId: A,
        from: new Date(0),
        to: new Date('2100-01-01T00:00:00Z'),
        limit: 100,
      });
      const cut = left[Math.floor(left.length / 2)]!.timestamp;
      const older = left.filter((e) => e.timestamp < cut).length;
      expect(older).toBeGreaterThan(0);
      expect(await store.deleteEvents({ brandId: A, before: cut })).toBe(older);
      expect(await all(A)).toBe(left.length - older);
      expect(await all(B)).toBe(totalB);
    });

    it('timeline: any of the keys, newest first, keyset pages with ties', async () => {
      const shape = {
        kind: 'timeline' as const,
        brandId: A,
        userId: 'u1',
        anonymousIds: ['a1'],
      };
      const everything = await store.query({ ...shape, limit: 10 });
      expect(ids(everything)).toEqual(['A-e6', 'A-e4', 'A-e8', 'A-e1', 'A-e9']);

      const pages: string[][] = [];
      let before: { timestamp: Date; messageId: string } | undefined;
      for (;;) {
        const page = await store.query({ ...shape, limit: 2, before });
        if (page.length === 0) break;
        pages.push(ids(page));
        const last = page[page.length - 1]!;
        before = { timestamp: last.timestamp, messageId: last.messageId };
      }
      expect(pages).toEqual([['A-e6', 'A-e4'], ['A-e8', 'A-e1'], ['A-e9']]);

      const tie = {
        kind: 'timeline' as const,
        brandId: A,
        userId: 'u2',
        anonymousIds: [],
        limit: 1,
      };
      const [newest] = await store.query(tie);
      expect(newest!.messageId).toBe('A-e7');
      const rest = await store.query({ ...tie, limit: 5, before: newest });
      expect(ids(rest)).toEqual(['A-e3']);

      // Brand 2 has its own a1; brand 1's timeline never shows it and vice versa.
      const b = await store.query({
        kind: 'timeline',
        brandId: B,
        userId: 'nobody',
        anonymousIds: ['a1'],
        limit: 9,
      });
      expect(ids(b)).toEqual(['B-f4']);
      expect(
        await store.query({
          kind: 'timeline',
          brandId: A,
          userId: 'nobody',
          anonymousIds: [],
          limit: 9,
        }),
      ).toEqual([]);
    });

    it('countsByEvent: count and last seen per event in [from, to)', async () => {
      expect(await store.query({ kind: 'countsByEvent', brandId: A, ...MARCH })).toEqual([
        { event: 'signup', count: 4, lastSeen: e5.timestamp },
        { event: PAGE_EVENT, count: 2, lastSeen: e2.timestamp },
        { event: IDENTIFY_EVENT, count: 1, lastSeen: e7.timestamp },
        { event: 'purchase', count: 1, lastSeen: e4.timestamp },
      ]);
      expect(
        await store.query({
          kind: 'countsByEvent',
          brandId: A,
          ...MARCH,
          events: ['purchase', 'missing'],
        }),
      ).toEqual([{ event: 'purchase', count: 1, lastSeen: e4.timestamp }]);
      expect(
        await store.query({ kind: 'countsByEvent', brandId: A, ...MARCH, events: [] }),
      ).toEqual([]);
      expect(await store.query({ kind: 'countsByEvent', brandId: B, ...MARCH })).toEqual([
        { event: 'signup', count: 3, lastSeen: f4.timestamp },
        { event: 'purchase', count: 1, lastSeen: f3.timestamp },
      ]);
    });

    it('anyEvent and eventCount: whether a brand has events, and how many in [from, to)', async () => {
      expect(await store.query({ kind: 'anyEvent', brandId: A })).toBe(true);
      expect(await store.query({ kind: 'anyEvent', brandId: C })).toBe(true);
      expect(await store.query({ kind: 'anyEvent', brandId: 99 })).toBe(false);
      // Brand C's only event is a signup: without it, nothing is left.
      expect(await store.query({ kind: 'anyEvent', brandId: C, except: ['signup'] })).toBe(false);
      expect(await store.query({ kind: 'anyEvent', brandId: A, except: ['signup'] })).toBe(true);
      expect(await store.query({ kind: 'anyEvent', brandId: C, except: [] })).toBe(true);
      expect(await store.query({ kind: 'eventCount', brandId: A, ...MARCH })).toBe(8);
      expect(await store.query({ kind: 'eventCount', brandId: B, ...MARCH })).toBe(4);
      // from in, to out; every code counts, built-in ones too.
      expect(
        await store.query({ kind: 'eventCount', brandId: A, from: e9.timestamp, to: e2.timestamp }),
      ).toBe(2);
      expect(await store.query({ kind: 'eventCount', brandId: 99, ...MARCH })).toBe(0);
    });
  });

  it('visitorEvents: one visitor (user and anonymous keys) of one brand, codes, window', async () => {
    expect(await store.insert(FIXTURE)).toBe(FIXTURE.length);
    const read = (keys: string[], events: string[], from: Date | null, limit = 10) =>
      store.query({
        kind: 'visitorEvents',
        brandId: A,
        userId: keys.length > 1 ? keys[0]! : null,
        anonymousId: keys.at(-1)!,
        events,
        from,
        limit,
      });
    const got = await read(['u1', 'a1'], ['signup', PAGE_EVENT], null);
    expect(got.map((e) => e.timestamp.toISOString())).toEqual([
      e6.timestamp.toISOString(),
      e8.timestamp.toISOString(),
      e1.timestamp.toISOString(),
      e9.timestamp.toISOString(),
    ]);
    expect(got[0]).toEqual({
      event: 'signup',
      timestamp: e6.timestamp,
      properties: { id: 'A-e6' },
    });
    expect((await read(['u1', 'x'], ['signup'], new Date('2024-03-04T12:00:00Z'))).length).toBe(2);
    expect((await read(['u1', 'x'], ['signup'], null, 1)).length).toBe(1);
    expect(await read(['u1', 'x'], [], null)).toEqual([]);
    // An anonymous visitor whose anonymous id is a user's id reads none of that user's events.
    expect(await read(['u1'], ['signup', PAGE_EVENT], null)).toEqual([]);
    expect((await read(['a2'], [PAGE_EVENT], null)).length).toBe(1);
  });

  it('codeEvents: every event of some codes of one brand, with who sent it', async () => {
    expect(await store.insert(FIXTURE)).toBe(FIXTURE.length);
    const codes = ['signup', PAGE_EVENT];
    const got = await store.query({ kind: 'codeEvents', brandId: A, events: codes, limit: 100 });
    const want = FIXTURE.filter((r) => r.brandId === A && codes.includes(r.event));
    expect(want.length).toBeGreaterThan(1);
    expect(got.map((e) => e.messageId).sort()).toEqual(want.map((r) => r.messageId).sort());
    for (const e of got) {
      const r = want.find((w) => w.messageId === e.messageId)!;
      expect(e).toEqual({
        event: r.event,
        messageId: r.messageId,
        userId: r.userId,
        anonymousId: r.anonymousId,
        at: r.timestamp.getTime(),
        propertiesJson: expect.any(String),
      });
      expect(JSON.parse(e.propertiesJson)).toEqual(r.properties);
    }
    expect(
      await store.query({ kind: 'codeEvents', brandId: A, events: codes, limit: 1 }),
    ).toHaveLength(1);
    expect(await store.query({ kind: 'codeEvents', brandId: A, events: [], limit: 10 })).toEqual(
      [],
    );
  });

  it('stream: a large list arrives in slices that add up to the query result', async (ctx) => {
    if (!store.stream) return ctx.skip(); // the embedded store only
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      ev(A, `s-${i}`, 'bulk', '2024-03-04T10:00:00Z', { anonymousId: `v${i % 7}` }),
    );
    expect(await store.insert(rows)).toBe(5_000);
    const shape = { kind: 'codeEvents' as const, brandId: A, events: ['bulk'], limit: 10_000 };
    const slices: number[] = [];
    const seen: string[] = [];
    await store.stream!(shape, (got) => {
      slices.push(got.length);
      seen.push(...got.map((e) => e.messageId));
    });
    expect(slices.length).toBeGreaterThan(1);
    expect(seen.sort()).toEqual((await store.query(shape)).map((e) => e.messageId).sort());
    expect(seen).toHaveLength(5_000);
  });

  it('flowEventCounts: one tour, totals and buckets, per step', async () => {
    const flowEvent = (id: string, event: string, iso: string, who: string, props: object) => {
      const row = ev(A, id, event, iso, { userId: who });
      row.properties = { flow_id: 7, session_id: id, ...props };
      return row;
    };
    const other = flowEvent('o1', 'flow_started', '2024-03-04T10:00:00Z', 'u1', {});
    other.properties.flow_id = 8;
    const otherBrand = { ...flowEvent('b1', 'flow_started', '2024-03-04T10:00:00Z', 'u1', {}) };
    otherBrand.brandId = B;
    await store.insert([
      flowEvent('s1', 'flow_started', '2024-03-04T10:00:00Z', 'u1', {}),
      flowEvent('s2', 'flow_started', '2024-03-05T10:00:00Z', 'u1', {}),
      flowEvent('s3', 'flow_started', '2024-03-12T10:00:00Z', 'u2', {}),
      flowEvent('c1', 'flow_completed', '2024-03-12T11:00:00Z', 'u2', {}),
      flowEvent('p1', 'flow_step_seen', '2024-03-04T10:00:00Z', 'u1', { step_id: 'one' }),
      flowEvent('p2', 'flow_step_seen', '2024-03-05T10:00:00Z', 'u1', { step_id: 'one' }),
      flowEvent('p3', 'flow_step_seen', '2024-03-05T10:01:00Z', 'u1', { step_id: 'two' }),
      other,
      otherBrand,
    ]);
    const counts = await store.query({
      kind: 'flowEventCounts',
      brandId: A,
      flowId: 7,
      events: ['flow_started', 'flow_completed'],
      from: MARCH.from,
      to: MARCH.to,
      granularity: 'week',
    });
    const key = (c: { event: string; bucket: Date | null }) =>
      `${c.event}@${c.bucket?.toISOString().slice(0, 10) ?? 'all'}`;
    expect(Object.fromEntries(counts.map((c) => [key(c), [c.count, c.customers]]))).toEqual({
      'flow_started@all': [3, 2],
      'flow_completed@all': [1, 1],
      'flow_started@2024-03-04': [2, 1],
      'flow_started@2024-03-11': [1, 1],
      'flow_completed@2024-03-11': [1, 1],
    });
    // Day and month buckets; a first bucket that starts before `from` counts only events inside.
    const byBucket = async (granularity: 'day' | 'week' | 'month', from = MARCH.from) => {
      const rows = await store.query({
        kind: 'flowEventCounts',
        brandId: A,
        flowId: 7,
        events: ['flow_started'],
        from,
        to: MARCH.to,
        granularity,
      });
      return Object.fromEntries(rows.filter((c) => c.bucket).map((c) => [key(c), c.count]));
    };
    expect(await byBucket('day')).toEqual({
      'flow_started@2024-03-04': 1,
      'flow_started@2024-03-05': 1,
      'flow_started@2024-03-12': 1,
    });
    expect(await byBucket('month')).toEqual({ 'flow_started@2024-03-01': 3 });
    expect(await byBucket('week', new Date('2024-03-05T00:00:00Z'))).toEqual({
      'flow_started@2024-03-04': 1,
      'flow_started@2024-03-11': 1,
    });
    const steps = await store.query({
      kind: 'flowEventCounts',
      brandId: A,
      flowId: 7,
      events: ['flow_step_seen'],
      from: null,
      to: MARCH.to,
      granularity: null,
      byStep: true,
    });
    expect(steps.map((s) => [s.stepId, s.count, s.customers, s.bucket]).sort()).toEqual([
      ['one', 2, 1, null],
      ['two', 1, 1, null],
    ]);
  });

  it('binds quotes, backslashes, newlines and unicode (no SQL injection)', async () => {
    const nasty = `it's "quoted" \\ back\\slash\nnew line ünïcødé 😀 '; DROP TABLE events; --`;
    const row = ev(A, `id-${nasty}`, nasty, '2024-03-04T10:00:00Z', { userId: `u-${nasty}` });
    row.properties = { [nasty]: nasty, nested: { list: [nasty, '\\', '"'] } };
    row.url = `https://x.example/?q=${nasty}`;
    expect(await store.insert([row])).toBe(1);
    expect(await store.insert([row])).toBe(0);

    expect(await store.query({ kind: 'tail', brandId: A, event: nasty, limit: 5 })).toEqual([row]);
    const timeline = await store.query({
      kind: 'timeline',
      brandId: A,
      userId: row.userId!,
      anonymousIds: ["' OR 1=1 --", nasty],
      limit: 5,
      before: { timestamp: new Date('2030-01-01T00:00:00Z'), messageId: nasty },
    });
    expect(timeline).toEqual([row]);
    expect(
      await store.query({ kind: 'countsByEvent', brandId: A, ...MARCH, events: [nasty] }),
    ).toEqual([{ event: nasty, count: 1, lastSeen: row.timestamp }]);
    expect(
      await store.query({ kind: 'codeEvents', brandId: A, events: [nasty], limit: 5 }),
    ).toHaveLength(1);
  });

  it('ingests 20,000 rows in batches and dedupes a replayed batch', async () => {
    const batches: EventRow[][] = [];
    for (let b = 0; b < 10; b++) {
      const batch: EventRow[] = [];
      for (let i = 0; i < 2_000; i++) {
        const n = b * 2_000 + i;
        const ms = Date.UTC(2024, 2, 1) + n * 60_000;
        batch.push(
          ev(A, `bulk-${n}`, n % 2 ? 'view' : 'click', new Date(ms).toISOString(), {
            userId: `u${n % 500}`,
          }),
        );
      }
      batches.push(batch);
    }
    let inserted = 0;
    for (const batch of batches) inserted += await store.insert(batch);
    expect(inserted).toBe(20_000);
    const replay = [...batches[3]!.slice(0, 1_000), ev(A, 'bulk-new', 'click', '2024-03-02', {})];
    expect(await store.insert(replay)).toBe(1);
    expect(await all(A)).toBe(20_001);
  });

  it('counts every new row of a large batch whose last row repeats a stored one', async () => {
    // DuckDB tries such a batch as one append first: refused whole, nothing of it may be kept.
    const stored = ev(A, 'kept-1', 'click', '2024-03-01T00:00:00Z', {});
    expect(await store.insert([stored])).toBe(1);
    const batch = Array.from({ length: 3_000 }, (_, n) =>
      ev(A, `late-${n}`, 'click', new Date(Date.UTC(2024, 2, 2) + n * 1_000).toISOString(), {}),
    );
    expect(await store.insert([...batch, stored])).toBe(3_000);
    expect(await all(A)).toBe(3_001);
  });

  it('serialises concurrent inserts (each id counted once) alongside reads', async () => {
    const overlapping = [FIXTURE.slice(0, 8), FIXTURE.slice(4), FIXTURE, FIXTURE.slice(10)];
    const [counts] = await Promise.all([
      Promise.all(overlapping.map((batch) => store.insert(batch))),
      Promise.all([store.ping(), store.query({ kind: 'eventCount', brandId: A, ...MARCH })]),
    ]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(FIXTURE.length);
    expect(await all(A)).toBe(9);
  });

  it('rejects after close; close is idempotent', async () => {
    await store.close();
    await store.close();
    await expect(store.insert([e1])).rejects.toThrow();
    await expect(store.query({ kind: 'eventCount', brandId: A, ...MARCH })).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow();
  });

  it('rejects an invalid Date instead of storing it', async () => {
    const bad = { ...e1, timestamp: new Date('nope') };
    await expect(store.insert([bad])).rejects.toThrow(/invalid Date/);
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.insert([e1])).toBe(1);
  });
}

describe('DuckDB store', () => {
  storeSuite(async () => {
    const dataDir = await tempDir();
    return { open: () => openAnalyticsStore({ dataDir }) };
  });
});

describe('DuckDB store: how a write is made', () => {
  it('appends new rows straight into events; a repeated id takes INSERT OR IGNORE', async () => {
    const store = await openDuckDBStore(':memory:');
    try {
      const writer = (store as unknown as { writer: { run: (sql: string) => Promise<unknown> } })
        .writer;
      const run = vi.spyOn(writer, 'run');
      const statements = () => run.mock.calls.map(([sql]) => sql.split(' ').slice(0, 3).join(' '));
      expect(await store.insert([e1, e2])).toBe(2);
      expect(statements()).toEqual([]);
      expect(await store.insert([e2, e3])).toBe(1);
      expect(statements()).toEqual(['INSERT OR IGNORE', 'DELETE FROM events_staging']);
      // A refused append leaves nothing behind that a later write would store.
      expect(await store.insert([e4])).toBe(1);
      expect(await store.query({ kind: 'eventCount', brandId: A, ...MARCH })).toBe(4);
    } finally {
      await store.close();
    }
  });
});

// chdb serves one data directory per process: both ClickHouse suites share it and every test
// starts by dropping the table.
let chdbDir: string | undefined;
async function emptyChdbDir(): Promise<string> {
  chdbDir ??= await tempDir();
  const executor = await openChdbExecutor(chdbDir);
  await executor.command('DROP TABLE IF EXISTS events SYNC');
  await executor.close();
  return chdbDir;
}

describe.skipIf(!chdbAvailable)('ClickHouse store (chdb executor)', () => {
  storeSuite(async () => {
    const dir = await emptyChdbDir();
    return { open: async () => openClickHouseStore(await openChdbExecutor(dir)) };
  });
});

/** chdb's Connection for `@clickhouse/client`: runs the production executor in-process. */
type ChdbConnectionFactory = (opts: {
  path: string;
}) => ClickHouseClientConfigOptions['connection'];

describe.skipIf(!chdbAvailable)('ClickHouse store (@clickhouse/client over chdb)', () => {
  storeSuite(async () => {
    const dir = await emptyChdbDir();
    const specifier = 'chdb/connection';
    const mod = (await import(/* @vite-ignore */ specifier)) as {
      createChdbConnection: ChdbConnectionFactory;
    };
    return {
      open: () =>
        openClickHouseStore(
          clickHouseClientExecutor(
            createClient({
              connection: mod.createChdbConnection({ path: dir }),
              use_multipart_params_auto: true,
            }),
          ),
        ),
    };
  });
});

describe('openAnalyticsStore', () => {
  it('opens DuckDB in memory and in a directory it creates', async () => {
    const memory = await openAnalyticsStore({ dataDir: ':memory:' });
    expect(memory.engine).toBe('duckdb');
    await memory.ping();
    await memory.close();

    const dataDir = path.join(await tempDir(), 'nested', 'data');
    const store = await openAnalyticsStore({ dataDir });
    expect(await store.insert([e1])).toBe(1);
    await store.close();
  });

  it('rejects (never crashes) when the data directory is unusable', async () => {
    const file = path.join(await tempDir(), 'not-a-dir');
    await writeFile(file, 'x');
    await expect(openAnalyticsStore({ dataDir: file })).rejects.toThrow();
  });

  it('rejects when ClickHouse cannot be reached', async () => {
    await expect(
      openAnalyticsStore({ clickhouseUrl: 'http://127.0.0.1:9', dataDir: ':memory:' }),
    ).rejects.toThrow();
  });

  it('DuckDB: an acknowledged insert survives SIGKILL; a locked file rejects', async () => {
    const dataDir = await tempDir();
    const storeModule = fileURLToPath(new URL('./index.ts', import.meta.url));
    const script = path.join(dataDir, 'writer.mts');
    await writeFile(
      script,
      [
        `import { openAnalyticsStore } from ${JSON.stringify(storeModule)};`,
        `const store = await openAnalyticsStore({ dataDir: ${JSON.stringify(dataDir)} });`,
        `const rows = ${JSON.stringify(FIXTURE)}.map((r) => ({ ...r,`,
        `  timestamp: new Date(r.timestamp), receivedAt: new Date(r.receivedAt) }));`,
        `console.log('inserted', await store.insert(rows));`,
        `setInterval(() => undefined, 1000);`,
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
      });
      expect(line).toBe(`inserted ${FIXTURE.length}`);
      // Another process holds the file: opening it must fail cleanly.
      await expect(openAnalyticsStore({ dataDir })).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
      );
    }
    const store = await openAnalyticsStore({ dataDir });
    try {
      expect(await store.query({ kind: 'tail', brandId: A, event: 'signup', limit: 1 })).toEqual([
        e6,
      ]);
      expect(await store.insert(FIXTURE)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
