import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SegmentCondition,
  SegmentDefinition,
  SegmentEventCondition,
  SegmentLeafCondition,
} from '@/lib/contracts/segments';
import { segmentProblems } from '@/lib/segments/problems';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import { openDuckDBStore } from '@/server/analytics/duckdb.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { countMatching } from '@/server/modules/flows/runtime/reads';
import { segmentHolds } from '@/server/modules/segments/engine/evaluate';
import { createSegmentEngine } from '@/server/modules/segments/engine/members';
import { segmentPrefilter } from '@/server/modules/segments/engine/prefilter';
import { profileReads } from '@/server/modules/segments/engine/profile-reads';
import {
  type ApiRequest,
  chdbForTests,
  createAccount,
  createTestApp,
  ENGINE,
  ingest,
  type TestApp,
} from './helpers';

/**
 * The segment engine's property (docs/segments.md, "Engine"): for random definitions, profiles
 * and events, the preview's count = the member list's total = the CSV export's rows = the
 * number of profiles the single-visitor evaluator puts in the segment, member for member. On
 * DuckDB always, and on ClickHouse (chdb) when it is installed.
 */

const SEED = Number(process.env.SEGMENTS_SEED ?? 20261128);
const PROFILES = 60;
const DEFINITIONS = 30;
const HOUR = 3_600_000;

/** mulberry32: the same runs for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sent {
  key: string;
  event: string;
  timestamp: Date;
  properties: Record<string, unknown>;
}

const PLANS = [
  'pro',
  'Free',
  'team',
  'pro-plus',
  '',
  'PRO',
  'Pro ',
  ' pro',
  '\u212a',
  '12',
  12,
  true,
  ['pro'],
  [],
  null,
];

function world(rnd: () => number, now: number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const batch: unknown[] = [];
  const sent: Sent[] = [];
  for (let i = 0; i < PROFILES; i++) {
    const key = `c${i}`;
    const traits: Record<string, unknown> = {};
    // Every JSON type under the keys customer conditions read, text in several cases (the
    // Kelvin sign lower-cases to "k"), numbers as numbers and as text: the page query's
    // prefilter (engine/prefilter.ts) must keep whatever the evaluator may keep.
    if (rnd() < 0.8) traits.plan = pick(PLANS);
    if (rnd() < 0.8)
      traits.score = pick([0, 1, 5, 12, 40, 12.5, '7', '12', ' 12 ', '', 'many', true, [5], null]);
    if (rnd() < 0.6) traits.beta = pick([true, false, 'true', 1]);
    if (rnd() < 0.5) traits.email = pick(['a@x.io', 'A@X.io', 'b@x.io']);
    if (rnd() < 0.25) traits.metadata = { plan: pick(PLANS) };
    batch.push({
      type: 'identify',
      userId: key,
      traits,
      timestamp: new Date(now - 2000 * HOUR).toISOString(),
    });
    const events = Math.floor(rnd() * 7);
    for (let e = 0; e < events; e++) {
      // Half-hour offsets: no event sits on a window's edge (windows are whole hours or days).
      const timestamp = new Date(now - (Math.floor(rnd() * 1500) + 0.5) * HOUR);
      const properties: Record<string, unknown> = {};
      if (rnd() < 0.8) properties.amount = pick([0, 3, 10, 25.5, 99, '12']);
      if (rnd() < 0.7) properties.channel = pick(['web', 'App', 'web-shop', '', 'email']);
      if (rnd() < 0.2) properties.gift = pick([true, false]);
      if (rnd() < 0.5) properties.tags = pick([[], ['web'], ['App', 'x'], ['webby']]);
      const event = pick(['Order', 'Login', 'Viewed']);
      batch.push({
        type: 'track',
        userId: key,
        event,
        properties,
        timestamp: timestamp.toISOString(),
      });
      sent.push({ key, event, timestamp, properties });
    }
  }
  return { batch, sent };
}

function definitions(rnd: () => number, refs: number[]): SegmentDefinition[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (n: number) => Math.floor(rnd() * n);
  const customer = (): SegmentLeafCondition => {
    const kind = pick(['plan', 'score', 'beta', 'email']);
    if (kind === 'email')
      return {
        type: 'customer',
        customer_key: 'email',
        condition_type: pick(['exact', 'empty', 'not_empty'] as const),
        value: pick(['a@x.io', 'B@x.io']),
      };
    if (kind === 'plan') {
      const type = pick([
        'exact',
        'not_exact',
        'contain',
        'not_contain',
        'starts_with',
        'ends_with',
        'empty',
        'not_empty',
      ] as const);
      return {
        type: 'customer',
        customer_key: 'plan',
        condition_type: type,
        value: pick(['pro', 'FREE', 'te', 'plus', 'PRO', 'k', '12', 12, ' pro']),
      };
    }
    if (kind === 'score') {
      const type = pick([
        '=',
        '!=',
        '>',
        '>=',
        '<',
        '<=',
        'between',
        'empty',
        'not_empty',
      ] as const);
      const value =
        type === 'between'
          ? { from: int(10), to: pick([10 + int(30), '12']) }
          : pick([0, 5, 7, 12, 12.5, '12']);
      return { type: 'customer', customer_key: 'score', condition_type: type, value };
    }
    return {
      type: 'customer',
      customer_key: 'beta',
      condition_type: '=',
      value: pick([true, false, 1]),
    };
  };
  const property = () => {
    if (rnd() < 0.5) {
      const type = pick([
        '=',
        '!=',
        '>',
        '>=',
        '<',
        '<=',
        'between',
        'empty',
        'not_empty',
      ] as const);
      const value =
        type === 'between' ? { from: int(10), to: 10 + int(90) } : pick([0, 3, 12, 25.5]);
      return { attribute_key: 'amount', condition_type: type, value };
    }
    if (rnd() < 0.2)
      return { attribute_key: 'gift', condition_type: '=' as const, value: pick([true, false]) };
    if (rnd() < 0.4)
      return {
        attribute_key: 'tags',
        condition_type: pick(['contain', 'not_contain', 'exact', 'empty', 'not_empty'] as const),
        value: pick(['web', 'app']),
      };
    const type = pick([
      'exact',
      'not_exact',
      'contain',
      'not_contain',
      'starts_with',
      'ends_with',
      'empty',
      'not_empty',
    ] as const);
    return {
      attribute_key: 'channel',
      condition_type: type,
      value: pick(['web', 'APP', 'shop', 'mail']),
    };
  };
  const event = (): SegmentEventCondition => {
    const freqType = pick(['at_least', 'at_most', 'exactly', 'between'] as const);
    const frequency =
      freqType === 'between'
        ? { condition_type: freqType, value: { from: int(2), to: 2 + int(3) } }
        : { condition_type: freqType, value: int(4) };
    const unit = pick(['hours', 'days', 'weeks', 'months'] as const);
    const tf = pick(['in_the_last', 'more_than', 'between', 'date_range', 'anytime'] as const);
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 24 * HOUR).toISOString().slice(0, 10);
    const timeframe =
      tf === 'between'
        ? { condition_type: tf, value: { from: 1 + int(5), to: 6 + int(20) }, unit }
        : tf === 'date_range'
          ? { condition_type: tf, value: { from: day(40), to: day(int(30)) }, unit: null }
          : tf === 'anytime'
            ? { condition_type: tf, value: null, unit: null }
            : { condition_type: tf, value: 1 + int(30), unit };
    return {
      type: 'event',
      event_id: null,
      event_code: pick(['Order', 'Login', 'Viewed']),
      frequency,
      timeframe,
      attribute_conditions: Array.from({ length: int(3) }, property),
      attribute_condition_operator: pick(['AND', 'OR'] as const),
    };
  };
  const leaf = (): SegmentLeafCondition => {
    const r = rnd();
    if (r < 0.5) return customer();
    if (r < 0.85 || refs.length === 0) return event();
    return { type: 'segment', segment_id: pick(refs), negate: rnd() < 0.5 };
  };
  const out: SegmentDefinition[] = [];
  while (out.length < DEFINITIONS) {
    if (rnd() < 0.35) {
      // A few customer conditions ANDed (at most one other leaf): the prefilter decides much.
      const conditions = Array.from({ length: 1 + int(2) }, customer);
      if (rnd() < 0.3) conditions.push(leaf());
      const d: SegmentDefinition = { operator: 'AND', conditions };
      if (!segmentProblems(d)) out.push(d);
      continue;
    }
    const conditions: SegmentCondition[] = Array.from({ length: 1 + int(4) }, () =>
      rnd() < 0.2
        ? {
            type: 'group',
            operator: pick(['AND', 'OR'] as const),
            conditions: Array.from({ length: 1 + int(3) }, leaf),
          }
        : leaf(),
    );
    const d: SegmentDefinition = { operator: rnd() < 0.7 ? 'AND' : 'OR', conditions };
    if (!segmentProblems(d)) out.push(d);
  }
  return out;
}

interface Profile {
  id: number;
  customer_key: string;
  email: string | null;
  name: string | null;
  first_seen: string;
  last_seen: string;
  data_attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function propertySuite(engine: string, open: () => Promise<AnalyticsStore>) {
  describe(`segment engine property (${ENGINE}, ${engine})`, () => {
    let t: TestApp & { drop: () => Promise<void> };
    let store: AnalyticsStore;
    let call: ApiRequest;
    let brandId: number;
    let sent: Sent[];
    let profiles: Profile[];
    const rnd = random(SEED);
    const saved = new Map<number, SegmentDefinition>();

    beforeAll(async () => {
      store = await open();
      t = await createTestApp({ analytics: store });
      const a = await createAccount(t.app);
      ({ brandId, call } = a);
      const w = world(rnd, Date.now());
      sent = w.sent;
      const res = await ingest(t.app, a.writeKey, '/v1/batch', { batch: w.batch });
      expect(res.json().accepted, res.body).toBe(w.batch.length);
      const list = await call('GET', `/v1/customer-profiles?brand_id=${brandId}&limit=100`);
      profiles = list.json().data.data as Profile[];
      expect(profiles).toHaveLength(PROFILES);
      // Two stored segments that random definitions may include (or exclude).
      for (const [i, d] of definitions(rnd, []).slice(0, 2).entries()) {
        const r = await call('POST', '/v1/segments', {
          brand_id: brandId,
          name: `base ${i}`,
          definition: d,
        });
        expect(r.statusCode, r.body).toBe(201);
        saved.set(r.json().data.id as number, d);
      }
    });
    afterAll(async () => {
      await t?.drop();
      await store?.close();
    });

    /** Who the single-visitor evaluator puts in the segment, by profile id. */
    const expected = (d: SegmentDefinition, now: number) =>
      profiles
        .filter((p) => {
          const events = sent
            .filter((e) => e.key === p.customer_key)
            .sort((x, y) => y.timestamp.getTime() - x.timestamp.getTime());
          const profile = {
            customer_key: p.customer_key,
            email: p.email,
            name: p.name,
            first_seen: p.first_seen,
            last_seen: p.last_seen,
            ...p.data_attributes,
            ...p.metadata,
          };
          const facts = {
            profile,
            eventCount: (c: SegmentEventCondition) => countMatching(events, c, now),
          };
          return segmentHolds(d, facts, now, (id) => saved.get(id));
        })
        .map((p) => p.id)
        .sort((x, y) => x - y);

    it('preview count = members total = CSV rows = NDJSON rows = Σ segmentHolds, member for member', async () => {
      const cases = definitions(rnd, [...saved.keys()]);
      let nonEmpty = 0;
      let notEveryone = 0;
      let prefiltered = 0;
      for (const [i, definition] of cases.entries()) {
        const want = expected(definition, Date.now());
        const why = JSON.stringify(definition);
        if (want.length > 0) nonEmpty++;
        if (want.length < PROFILES) notEveryone++;
        const topKeys = definition.conditions.flatMap((c) =>
          c.type === 'customer' ? [c.customer_key] : [],
        );
        const pushed = segmentPrefilter(definition, profileReads(topKeys).value).pushed;
        if (pushed.length > 0 && want.length > 0) prefiltered++;

        const preview = await call('POST', '/v1/segments/preview', {
          brand_id: brandId,
          definition,
        });
        expect(preview.statusCode, preview.body).toBe(200);
        const p = preview.json().data;
        expect(p.count, why).toBe(want.length);
        expect(p.exact).toBe(true);
        expect(
          p.sample.map((s: Profile) => s.id),
          why,
        ).toEqual(want.slice(0, 10));

        const made = await call('POST', '/v1/segments', {
          brand_id: brandId,
          name: `case ${i}`,
          definition,
        });
        expect(made.statusCode, made.body).toBe(201);
        const id = made.json().data.id as number;

        const listed: number[] = [];
        let cursor: string | null = null;
        let total = -1;
        do {
          const q: string = cursor ? `&cursor=${cursor}` : '';
          const page = await call('GET', `/v1/segments/${id}/members?limit=7${q}`);
          expect(page.statusCode, page.body).toBe(200);
          const body = page.json().data;
          total = body.total;
          listed.push(...body.data.map((m: Profile) => m.id));
          cursor = body.nextCursor;
        } while (cursor);
        expect(total, why).toBe(want.length);
        expect(listed, why).toEqual(want);

        const csv = await call('GET', `/v1/segments/${id}/members?format=csv`);
        expect(csv.statusCode).toBe(200);
        const lines = csv.body.split('\r\n').filter(Boolean);
        expect(lines[0]).toMatch(/^id,customer_key,/);
        expect(
          lines.slice(1).map((l) => Number(l.split(',')[0])),
          why,
        ).toEqual(want);

        const nd = await call('GET', `/v1/segments/${id}/members?format=ndjson`);
        const rows = nd.body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Profile);
        expect(
          rows.map((r) => r.id),
          why,
        ).toEqual(want);
      }
      // The generator reaches both sides: segments with members, and segments without everyone.
      expect(nonEmpty).toBeGreaterThan(DEFINITIONS / 4);
      expect(notEveryone).toBeGreaterThan(DEFINITIONS / 4);
      // And the page query's prefilter is at work in many of those with members.
      expect(prefiltered).toBeGreaterThan(DEFINITIONS / 5);
    });

    it('reads a page at a time: the first member costs one page, not the whole product', async () => {
      let reads = 0;
      const counting = {
        query: ((shape, opts) => {
          reads++;
          return store.query(shape, opts);
        }) as AnalyticsStore['query'],
      };
      const engine = createSegmentEngine({ db: t.database.db, store: counting, pageSize: 4 });
      const everyone: SegmentDefinition = {
        operator: 'AND',
        conditions: [
          {
            type: 'event',
            event_id: null,
            event_code: 'Order',
            frequency: { condition_type: 'at_least', value: 0 },
            timeframe: { condition_type: 'anytime', value: null, unit: null },
            attribute_conditions: [],
            attribute_condition_operator: 'AND',
          },
        ],
      };
      const members = engine.members(brandId, everyone, () => undefined);
      const first = await members.next();
      expect(first.done).toBe(false);
      expect(reads).toBe(1);
      await members.return(undefined);
      let all = 0;
      for await (const _ of engine.members(brandId, everyone, () => undefined)) all++;
      expect(all).toBe(PROFILES);
      expect(reads).toBe(1 + Math.ceil(PROFILES / 4));
    });

    it('gives the same members when profiles are read a few at a time', async () => {
      const engine = createSegmentEngine({ db: t.database.db, store, pageSize: 4 });
      for (const definition of definitions(rnd, [...saved.keys()]).slice(0, 10)) {
        const got: number[] = [];
        for await (const row of engine.members(brandId, definition, (id) => saved.get(id)))
          got.push(row.id);
        expect(got, JSON.stringify(definition)).toEqual(expected(definition, Date.now()));
      }
    });
  });
}

let duckDir: string | undefined;
propertySuite('DuckDB', async () => {
  duckDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-segments-'));
  return openDuckDBStore(path.join(duckDir, 'events.duckdb'));
});
afterAll(() => {
  if (duckDir) rmSync(duckDir, { recursive: true, force: true });
});

const chdbAvailable = await chdbForTests();
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  propertySuite('chdb', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
});
