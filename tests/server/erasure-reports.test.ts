import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadChdb, openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { createAccount, ingest, setupTestAccount, type TestAccount } from './helpers';

/**
 * Erasure and the reports (docs/data-rights.md, "Tests"): run again after a `delete` erasure,
 * every report shape finds nothing of the customer — trend and its breakdown's top values,
 * funnel and the customers behind a step, retention, the event list and timeline, a segment's
 * event condition, the link report, the export read for their id; after a `redact` the same
 * shapes count as before, without their ids or personal values. On DuckDB and on ClickHouse.
 */

const DAY = 86_400_000;
// Three days ago at 10:00 UTC: inside any retention window, away from midnight.
const T0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 10 * 3_600_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const WINDOW = { date_preset: 'custom_range', from: day(T0 - DAY), to: day(T0 + DAY) };
const EVER = { from: new Date(0), to: new Date('2100-01-01T00:00:00Z') };
const PERSONAL = /"u1"|"a1"|u1@example|Ursula|203\.0\.113/;

type Account = TestAccount & { app: Parameters<typeof ingest>[0] };

/**
 * u1 browses anonymously as a1, signs up, orders twice, clicks a short link (anonymously, as a1)
 * and orders again the next day; u2 orders once and clicks the link.
 */
async function seed(a: Account) {
  const link = await a.call('POST', '/v1/short-urls', {
    brand_id: a.brandId,
    url: 'https://shop.example.com/sale',
  });
  expect(link.statusCode, link.body).toBe(201);
  const { id: linkId, slug } = link.json().data as { id: number; slug: string };
  const click = { link_id: linkId, slug, bot: false, unique: true };
  const order = (userId: string, m: number, total: number, extra = {}) => ({
    type: 'track',
    event: 'Order Placed',
    userId,
    messageId: `o${m}`,
    timestamp: at(m),
    properties: { total, ...extra },
  });
  const batch = [
    { type: 'page', anonymousId: 'a1', messageId: 'p1', timestamp: at(0), properties: {} },
    {
      type: 'identify',
      userId: 'u1',
      anonymousId: 'a1',
      messageId: 'i1',
      timestamp: at(1),
      traits: { email: 'u1@example.com', name: 'Ursula One', plan: 'pro' },
      context: { ip: '203.0.113.7' },
    },
    order('u1', 2, 20, { email: 'u1@example.com' }),
    order('u1', 3, 30, { email: 'u1@example.com' }),
    {
      type: 'track',
      event: 'link_clicked',
      anonymousId: 'a1',
      messageId: 'c1',
      timestamp: at(6),
      properties: click,
    },
    order('u1', 24 * 60 + 5, 40, { email: 'u1@example.com' }),
    {
      type: 'identify',
      userId: 'u2',
      messageId: 'i2',
      timestamp: at(4),
      traits: { email: 'u2@example.com' },
    },
    order('u2', 5, 7),
    {
      type: 'track',
      event: 'link_clicked',
      userId: 'u2',
      messageId: 'c2',
      timestamp: at(7),
      properties: click,
    },
  ];
  const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
  expect(res.json().accepted, res.body).toBe(batch.length);
  return linkId;
}

/** Every report shape of the product, as the dashboard (or the store, for the bare shapes) reads it. */
async function reports(a: Account, linkId: number, hash?: string) {
  const store = a.app.ctx.analytics;
  const query = async (body: Record<string, unknown>) => {
    const res = await a.call('POST', '/v1/reports/query', {
      brand_id: a.brandId,
      ...body,
      ...WINDOW,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const trend = async (measure: string, breakdown?: string) =>
    (
      await query({
        type: 'trend',
        series: [{ event: 'Order Placed', measure }],
        granularity: 'day',
        ...(breakdown ? { breakdown: { property: breakdown } } : {}),
      })
    ).series.map((s: { breakdown_value?: string; total: number }) => [
      s.breakdown_value ?? null,
      s.total,
    ]);
  const funnel = {
    steps: [{ event: '$identify' }, { event: 'Order Placed' }],
    window: { value: 1, unit: 'day' },
  };
  const behind = await a.call('POST', '/v1/reports/funnel-customers', {
    brand_id: a.brandId,
    type: 'funnel',
    ...funnel,
    ...WINDOW,
    step: 1,
    outcome: 'converted',
  });
  expect(behind.statusCode, behind.body).toBe(200);
  const segment = await a.call('POST', '/v1/segments/preview', {
    brand_id: a.brandId,
    definition: {
      operator: 'AND',
      conditions: [
        {
          type: 'event',
          event_id: null,
          event_code: 'Order Placed',
          frequency: { condition_type: 'at_least', value: 1 },
          timeframe: { condition_type: 'anytime' },
          attribute_conditions: [],
          attribute_condition_operator: 'AND',
        },
      ],
    },
    exact: true,
  });
  expect(segment.statusCode, segment.body).toBe(200);
  const tail = await a.call(
    'GET',
    `/v1/tracking-session-data/tail?brand_id=${a.brandId}&limit=200`,
  );
  const link = await a.call(
    'GET',
    `/v1/short-urls/${linkId}/report?date_preset=custom_range&from=${WINDOW.from}&to=${WINDOW.to}`,
  );
  expect(link.statusCode, link.body).toBe(200);
  const exported = (await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const ids = ['u1', 'a1'];
  return {
    trendTotal: await trend('total'),
    trendUnique: await trend('unique'),
    trendByEmail: await trend('total', 'email'),
    topEmails: await store.query({
      kind: 'reportTopValues',
      brandId: a.brandId,
      event: 'Order Placed',
      measure: 'total',
      property: null,
      filters: [],
      breakdown: 'email',
      ...EVER,
      limit: 10,
    }),
    funnel: (await query({ type: 'funnel', ...funnel })).steps.map(
      (s: { count: number }) => s.count,
    ),
    funnelCustomers: behind
      .json()
      .data.customers.map((c: { customer_key: string }) => c.customer_key),
    retention: (
      await query({
        type: 'retention',
        start_event: 'Order Placed',
        return_event: 'Order Placed',
        period: 'day',
        intervals: 2,
      })
    ).cohorts.filter((c: { size: number }) => c.size > 0),
    segmentCount: segment.json().data.count as number,
    segmentEvents: await store.query({
      kind: 'segmentEventCounts',
      brandId: a.brandId,
      customerKeys: ['u1', 'u2', ...(hash ? [hash] : [])],
      conditions: [
        { event: 'Order Placed', from: null, to: null, properties: [], operator: 'AND' },
      ],
    }),
    tail: tail.json().data.data as Record<string, unknown>[],
    timeline: await store.query({
      kind: 'timeline',
      brandId: a.brandId,
      userId: 'u1',
      anonymousIds: ['a1'],
      limit: 100,
    }),
    linkClicks: link.json().data.totals.clicks as number,
    exportedOfId: exported.filter(
      (r) => ids.includes(String(r.user_id)) || ids.includes(String(r.anonymous_id)),
    ),
    exported,
  };
}

/** Erases u1 of the account and runs the job. */
async function erase(a: Account, body: Record<string, unknown>) {
  const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=u1`);
  const id = list
    .json()
    .data.data.find((p: { customer_key: string }) => p.customer_key === 'u1').id;
  const res = await a.call('POST', `/v1/customer-profiles/${id}/erase`, body);
  expect(res.statusCode, res.body).toBe(202);
  await a.app.ctx.jobs.drain();
  return res.json().data as { id: number; customer_hash: string };
}

function reportsSuite(
  engine: 'duckdb' | 'clickhouse',
  open: () => Promise<AnalyticsStore | undefined>,
) {
  describe(`erasure and the reports (${engine})`, () => {
    let external: AnalyticsStore | undefined;
    // Registered before the app's: runs after the app has closed.
    afterAll(async () => external?.close());
    const t = setupTestAccount(async () => {
      external = await open();
      return external ? { analytics: external } : {};
    });

    it('delete: re-run, every report shape finds nothing of the customer', async () => {
      const a = { ...(await createAccount(t.app)), app: t.app };
      const linkId = await seed(a);
      const before = await reports(a, linkId);
      // Each shape counts the customer before: what follows is not vacuous.
      expect(before.trendTotal).toEqual([[null, 4]]);
      expect(before.trendByEmail).toContainEqual(['u1@example.com', 3]);
      expect(before.topEmails.map((v) => v.value)).toContain('u1@example.com');
      expect(before.funnel).toEqual([2, 2]);
      expect(before.funnelCustomers).toEqual(['u1', 'u2']);
      expect(before.retention).toEqual([{ cohort: day(T0), size: 2, returned: [2, 1] }]);
      expect(before.segmentCount).toBe(2);
      expect(before.segmentEvents.map((r) => r.customerKey).sort()).toEqual(['u1', 'u2']);
      expect(before.timeline).toHaveLength(6);
      expect(before.linkClicks).toBe(2);
      expect(before.exportedOfId).toHaveLength(6);

      const erasure = await erase(a, { mode: 'delete' });
      const done = (await a.call('GET', `/v1/erasures/${erasure.id}`)).json().data;
      expect(done.receipt).toMatchObject({ events: 6, link_clicks: 1 });

      const after = await reports(a, linkId);
      expect(after.trendTotal).toEqual([[null, 1]]);
      expect(after.trendUnique).toEqual([[null, 1]]);
      expect(after.trendByEmail.map((x: unknown[]) => x[0])).not.toContain('u1@example.com');
      expect(after.topEmails.map((v) => v.value)).not.toContain('u1@example.com');
      expect(after.funnel).toEqual([1, 1]);
      expect(after.funnelCustomers).toEqual(['u2']);
      expect(after.retention).toEqual([{ cohort: day(T0), size: 1, returned: [1, 0] }]);
      expect(after.segmentCount).toBe(1);
      expect(after.segmentEvents.map((r) => r.customerKey)).toEqual(['u2']);
      expect(after.timeline).toEqual([]);
      expect(after.linkClicks).toBe(1);
      expect(after.exportedOfId).toEqual([]);
      expect(JSON.stringify([after.tail, after.exported])).not.toMatch(PERSONAL);
      expect(after.tail.map((e) => e.message_id).sort()).toEqual(['c2', 'i2', 'o5']);

      // Back later (no suppression): a new profile, whose timeline holds only what came after.
      const back = await ingest(a.app, a.writeKey, '/v1/batch', {
        batch: [{ type: 'track', event: 'Came Back', userId: 'u1', messageId: 'late-1' }],
      });
      expect(back.json().accepted, back.body).toBe(1);
      const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=u1`);
      const again = list
        .json()
        .data.data.find((p: { customer_key: string }) => p.customer_key === 'u1');
      expect(again).toBeDefined();
      const timeline = await a.call('GET', `/v1/customer-profiles/${again.id}/events`);
      expect(timeline.statusCode, timeline.body).toBe(200);
      expect(timeline.json().data.data.map((e: { message_id: string }) => e.message_id)).toEqual([
        'late-1',
      ]);
    });

    it('redact: re-run, every report counts as before without the ids or personal values', async () => {
      const a = { ...(await createAccount(t.app)), app: t.app };
      const linkId = await seed(a);
      const before = await reports(a, linkId);
      const erasure = await erase(a, { mode: 'redact' });
      const hash = erasure.customer_hash;
      const after = await reports(a, linkId, hash);

      // The counts stay: the redacted events still group as one customer.
      expect(after.trendTotal).toEqual(before.trendTotal);
      expect(after.trendUnique).toEqual(before.trendUnique);
      expect(after.funnel).toEqual(before.funnel);
      expect(after.retention).toEqual(before.retention);
      expect(after.linkClicks).toBe(before.linkClicks);
      expect(after.tail).toHaveLength(before.tail.length);
      expect(after.exported).toHaveLength(before.exported.length);
      const counted = (rows: { customerKey: string; counts: number[] }[], key: string) =>
        rows.find((r) => r.customerKey === key)?.counts;
      expect(counted(after.segmentEvents, hash)).toEqual(counted(before.segmentEvents, 'u1'));
      // The e-mail breakdown keeps the orders' number, not the e-mail.
      const sum = (rows: unknown[][]) => rows.reduce((n, r) => n + Number(r[1]), 0);
      expect(sum(after.trendByEmail)).toBe(sum(before.trendByEmail));
      expect(after.trendByEmail.map((x: unknown[]) => x[0])).not.toContain('u1@example.com');
      expect(after.topEmails.map((v) => v.value)).not.toContain('u1@example.com');

      // Nothing names them: the hash stands in for every id.
      expect(after.funnelCustomers).toEqual([hash, 'u2'].sort());
      expect(counted(after.segmentEvents, 'u1')).toBeUndefined();
      expect(after.timeline).toEqual([]);
      expect(after.exportedOfId).toEqual([]);
      expect(JSON.stringify([after.tail, after.exported])).not.toMatch(PERSONAL);
    });
  });
}

reportsSuite('duckdb', async () => undefined);

const chdbAvailable = (await loadChdb()) !== null;
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
  reportsSuite('clickhouse', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
});
