import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '@/server/analytics';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { jobs, plans, subscriptions } from '@/server/db/schema';
import { RETENTION_SWEEP_JOB, nextPurgeAt } from '@/server/modules/retention/retention.service';
import { chdbForTests, createAccount, ingest, setupTestAccount, type TestAccount } from './helpers';

/**
 * Retention (docs/retention.md): events back-dated past a product's retention are hidden from every
 * report shape the moment it is saved, and deleted by the nightly purge job; the plan bounds it
 * (400 naming the bound); another owner's product answers 404. On DuckDB and on ClickHouse (chdb).
 */

const DAY = 86_400_000;
const NOW = Date.now();
// Eight months back (past a 6-month retention, within the Free plan's 12); three days back.
const OLD = Math.floor(NOW / DAY) * DAY - 240 * DAY + 10 * 3_600_000;
const RECENT = Math.floor(NOW / DAY) * DAY - 3 * DAY + 10 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const WINDOW = { date_preset: 'custom_range', from: day(OLD - DAY), to: day(RECENT + DAY) };

type Account = TestAccount & { app: Parameters<typeof ingest>[0] };

/** `old` signs up and orders eight months ago; `new` signs up and orders three days ago. */
async function seed(a: Account) {
  const customer = (who: string, at: number) => [
    {
      type: 'identify',
      userId: who,
      messageId: `i-${who}`,
      timestamp: iso(at),
      traits: { email: `${who}@example.com` },
    },
    {
      type: 'track',
      event: 'Order Placed',
      userId: who,
      messageId: `o-${who}`,
      timestamp: iso(at + 60_000),
      properties: { total: 10, email: `${who}@example.com` },
    },
  ];
  const batch = [...customer('old', OLD), ...customer('new', RECENT)];
  const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
  expect(res.json().accepted, res.body).toBe(batch.length);
}

/** What each report shape shows of the product, as the dashboard reads it. */
async function reports(a: Account) {
  const query = async (body: Record<string, unknown>) => {
    const res = await a.call('POST', '/v1/reports/query', {
      brand_id: a.brandId,
      ...body,
      ...WINDOW,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const series = (
    await query({
      type: 'trend',
      series: [{ event: 'Order Placed', measure: 'total' }],
      granularity: 'month',
      breakdown: { property: 'email' },
    })
  ).series as { breakdown_value?: string; total: number }[];
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
  const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=old`);
  const profile = list
    .json()
    .data.data.find((p: { customer_key: string }) => p.customer_key === 'old');
  const timeline = await a.call('GET', `/v1/customer-profiles/${profile.id}/events`);
  expect(timeline.statusCode, timeline.body).toBe(200);
  const tail = await a.call(
    'GET',
    `/v1/tracking-session-data/tail?brand_id=${a.brandId}&limit=200`,
  );
  const exported = (await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { message_id: string }).message_id);
  const ids = (rows: { message_id: string }[]) => rows.map((r) => r.message_id).sort();
  return {
    trend: series.reduce((n, s) => n + s.total, 0),
    topValues: series.map((s) => s.breakdown_value).sort(),
    funnel: (
      await query({
        type: 'funnel',
        steps: [{ event: '$identify' }, { event: 'Order Placed' }],
        window: { value: 1, unit: 'day' },
      })
    ).steps.map((s: { count: number }) => s.count),
    retention: (
      await query({
        type: 'retention',
        start_event: '$identify',
        return_event: 'Order Placed',
        period: 'month',
        intervals: 2,
      })
    ).cohorts.filter((c: { size: number }) => c.size > 0).length as number,
    segmentCount: segment.json().data.count as number,
    timeline: ids(timeline.json().data.data),
    tail: ids(tail.json().data.data),
    exported: exported.sort(),
  };
}

function retentionSuite(engine: string, open: () => Promise<AnalyticsStore>) {
  describe(`retention (${engine})`, () => {
    let bare: AnalyticsStore | undefined;
    // Registered before the app's: runs after the app has closed.
    afterAll(async () => bare?.close());
    const t = setupTestAccount(async () => ({ analytics: (bare = await open()) }));
    /** Events of the product in the store itself, retention aside. */
    const stored = async (brandId: number) =>
      (
        await bare!.query({
          kind: 'exportEvents',
          brandId,
          from: new Date(0),
          to: new Date('2100-01-01T00:00:00Z'),
          limit: 100,
        })
      )
        .map((e) => e.messageId)
        .sort();

    it('hides older events in every report shape at once; the nightly purge deletes them', async () => {
      const a = { ...(await createAccount(t.app)), app: t.app };
      const other = { ...(await createAccount(t.app)), app: t.app };
      await seed(a);
      await seed(other);
      const before = await reports(a);
      // Within the Free plan's 12 months: the old customer counts (the check is not vacuous).
      expect(before).toEqual({
        trend: 2,
        topValues: ['new@example.com', 'old@example.com'],
        funnel: [2, 2],
        retention: 2,
        segmentCount: 2,
        timeline: ['i-old', 'o-old'],
        tail: ['i-new', 'i-old', 'o-new', 'o-old'],
        exported: ['i-new', 'i-old', 'o-new', 'o-old'],
      });

      const saved = await a.call('PUT', `/v1/brands/${a.brandId}/retention`, {
        retention_months: 6,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        retention_months: 6,
        effective_months: 6,
        plan: 'free',
        plan_max_months: 12,
      });
      const cutoff = Date.parse(saved.json().data.cutoff);
      expect(cutoff).toBeGreaterThan(OLD);
      expect(cutoff).toBeLessThan(RECENT);

      // Hidden at once, in every shape; still stored until the purge.
      expect(await reports(a)).toEqual({
        trend: 1,
        topValues: ['new@example.com'],
        funnel: [1, 1],
        retention: 1,
        segmentCount: 1,
        timeline: [],
        tail: ['i-new', 'o-new'],
        exported: ['i-new', 'o-new'],
      });
      expect(await stored(a.brandId)).toEqual(['i-new', 'i-old', 'o-new', 'o-old']);
      // Another product keeps its plan's 12 months.
      expect((await reports(other)).trend).toBe(2);

      // The nightly sweep is queued for the next purge hour, once; run now, it purges.
      const { db } = t.app.ctx.database;
      expect(await t.app.ctx.retention.tick()).toBe(true);
      expect(await t.app.ctx.retention.tick()).toBe(false);
      const [sweep] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, RETENTION_SWEEP_JOB), eq(jobs.status, 'queued')));
      expect(sweep!.runAt.getTime()).toBe(nextPurgeAt(new Date()).getTime());
      await db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, sweep!.id));
      await t.app.ctx.jobs.drain();
      expect(await stored(a.brandId)).toEqual(['i-new', 'o-new']);
      expect(await stored(other.brandId)).toEqual(['i-new', 'i-old', 'o-new', 'o-old']);

      // Back to the plan's maximum: what was purged stays gone.
      const reset = await a.call('PUT', `/v1/brands/${a.brandId}/retention`, {
        retention_months: null,
      });
      expect(reset.json().data).toMatchObject({ retention_months: null, effective_months: 12 });
      expect((await reports(a)).trend).toBe(1);
    });
  });
}

retentionSuite('duckdb', () => openAnalyticsStore({ dataDir: ':memory:' }));

const chdbAvailable = await chdbForTests();
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
  retentionSuite('clickhouse', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
});

describe('retention setting', () => {
  const t = setupTestAccount();
  const put = (months: unknown, who = t.call, brandId = t.brandId) =>
    who('PUT', `/v1/brands/${brandId}/retention`, { retention_months: months });
  const onPlan = async (code: string) => {
    const [p] = await t.database.db.select().from(plans).where(eq(plans.code, code));
    await t.database.db
      .update(subscriptions)
      .set({ planId: p!.id })
      .where(eq(subscriptions.userId, t.userId));
  };

  it('reads the plan maximum until one is saved, and the saved months after', async () => {
    const res = await t.call('GET', `/v1/brands/${t.brandId}/retention`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      retention_months: null,
      effective_months: 12,
      plan: 'free',
      plan_max_months: 12,
    });
    expect((await put(3)).statusCode).toBe(200);
    const again = await t.call('GET', `/v1/brands/${t.brandId}/retention`);
    expect(again.json().data).toMatchObject({ retention_months: 3, effective_months: 3 });
  });

  it('refuses months above the plan, naming the bound; each plan has its own', async () => {
    const over = await put(13);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/Free plan keeps events for at most 12 months/);
    expect(over.json().details?.[0]).toMatchObject({ path: 'retention_months' });
    for (const [plan, max] of [
      ['starter', 24],
      ['growth', 36],
      ['scale', 60],
    ] as const) {
      await onPlan(plan);
      expect((await put(max)).statusCode).toBe(200);
      const refused = await put(max + 1);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(`at most ${max} months`);
    }
    // A downgrade leaves the saved months, bounded by the new plan.
    await onPlan('free');
    const read = await t.call('GET', `/v1/brands/${t.brandId}/retention`);
    expect(read.json().data).toMatchObject({ retention_months: 60, effective_months: 12 });
    await onPlan('enterprise');
    expect((await put(120)).json().data).toMatchObject({ effective_months: 120 });
    expect((await put(null)).json().data).toMatchObject({
      effective_months: null,
      plan_max_months: null,
      cutoff: null,
    });
    await onPlan('free');
  });

  it('refuses what is not a whole number of months', async () => {
    for (const bad of [0, -1, 1.5, '6', 121]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.body).toMatch(/whole number of months from 1 to 120/);
    }
  });

  it("another owner's product answers 404", async () => {
    const b = await createAccount(t.app);
    expect((await b.call('GET', `/v1/brands/${t.brandId}/retention`)).statusCode).toBe(404);
    expect((await put(1, b.call)).statusCode).toBe(404);
    const mine = await t.call('GET', `/v1/brands/${t.brandId}/retention`);
    expect(mine.json().data.retention_months).not.toBe(1);
  });
});
