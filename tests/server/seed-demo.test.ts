import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import type { Flow } from '@/lib/contracts/flows';
import type { ReportAnswer, SavedReport } from '@/lib/contracts/reports';
import { openAnalyticsStore } from '@/server/analytics';
import { openDatabase } from '@/server/db/client';
import { accountUsage, customerProfiles, events, flowSessions } from '@/server/db/schema';
import { retargeted } from '@/scripts/seed-demo-tours';
import type { ApiRequest } from './helpers';
import { demoApi as openDemo, seedDemo } from './seed-demo-helpers';

/** `npm run seed:demo` end to end on a throw-away DATA_DIR, small enough for the suite. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The seed ends at a fixed moment of the week (the last Wednesday 12:00 UTC before now): the data
// is drawn from a fixed PRNG seed and follows the customers' local day and week, so the same
// moment draws the same customers and orders whatever the hour the test runs.
const WEEK = 7 * 86_400_000;
const WEDNESDAY_NOON = 6 * 86_400_000 + 12 * 3_600_000; // 1970-01-01 was a Thursday
const NOW = Math.floor((Date.now() - WEDNESDAY_NOON) / WEEK) * WEEK + WEDNESDAY_NOON;
const seed = (events: number) =>
  seedDemo(dataDir, { events, days: 10, customers: 20, now: new Date(NOW).toISOString() });
const demoApi = () => openDemo(dataDir);
/** Where an earlier seed pointed the pricing tour's tooltip. */
const OLD_TARGET = 'https://shop.example.com/pricing';

const TOURS = ['Welcome to Demo Shop', 'Pricing walkthrough'];

const pricingTour = async (call: ApiRequest, id: number) =>
  ((await call('GET', `/v1/flows/${id}`)).json() as { data: Flow }).data;

describe('seed:demo', () => {
  it('creates the demo account, a product, definitions, customers and events through the pipeline', async () => {
    const run = seed(3000);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('demo@signpost.dev');
    expect(run.stdout).toMatch(
      /Demo shop \(tours and the builder on it\): http\S+\/demo\/pricing\?key=wk_/,
    );
    expect(run.stdout).toMatch(/Seeded [\d,]+ events over 10 days/);
    expect(run.stdout).toMatch(/Tours: .*; [\d,]+ sessions written/);
    expect(run.stdout).toMatch(/Reports dashboard: "Orders per day by coupon", /);
    expect(run.stdout).toContain('Segments: "Big spenders", "Paid plans", "Never ordered".');

    const database = await openDatabase({ dataDir });
    const store = await openAnalyticsStore({ dataDir });
    try {
      const defs = await database.db.select().from(events);
      expect(defs.map((e) => e.code)).toEqual(
        expect.arrayContaining(['Order Completed', 'Feature Used']),
      );
      const profiles = await database.db.select().from(customerProfiles);
      expect(profiles.length).toBeGreaterThan(5);
      expect(profiles[0]!.email).toMatch(/@/);
      const brandId = defs[0]!.brandId;
      const counts = await store.query({
        kind: 'countsByEvent',
        brandId,
        from: new Date(NOW - 11 * 86_400_000),
        to: new Date(NOW + 60_000),
      });
      // The tours' flow events and the short links' clicks are derived by the server, not sent:
      // they are not in the budget.
      const sent = counts.filter((c) => !c.event.startsWith('flow_') && c.event !== 'link_clicked');
      const total = sent.reduce((n, c) => n + c.count, 0);
      expect(total).toBeGreaterThan(2500);
      expect(total).toBeLessThanOrEqual(3000);
      expect(counts.map((c) => c.event)).toContain('$pageview');
      // Every identified customer was counted active in some month, and never twice in one.
      const usage = await database.db.select().from(accountUsage);
      const counted = usage.reduce((n, u) => n + u.mauCount, 0);
      expect(counted).toBeGreaterThanOrEqual(profiles.length);
      for (const u of usage) expect(u.mauCount).toBeLessThanOrEqual(profiles.length);
    } finally {
      await store.close();
      await database.close();
    }
  });

  it('publishes two tours whose reports show views, completions, dismissals and a step funnel', async () => {
    const { t, call, brandId, flows } = await demoApi();
    try {
      const tours = TOURS.map((name) => flows.find((f) => f.name === name)!);
      expect(tours.map((f) => [f?.status, f?.step_count])).toEqual([
        ['published', 1],
        ['published', 2],
      ]);
      for (const tour of tours) {
        const res = await call('GET', `/v1/flows/${tour.id}/report?date_preset=past_30_day`);
        expect(res.statusCode, res.body).toBe(200);
        const { totals, series, steps } = (res.json() as { data: FlowReport }).data;
        expect(totals.views).toBeGreaterThan(0);
        expect(totals.completions).toBeGreaterThan(0);
        expect(totals.dismissals).toBeGreaterThan(0);
        expect(totals.unique_viewers).toBeGreaterThan(1);
        // Spread over the seeded days, not stamped at one moment.
        expect(series.filter((b) => b.views > 0).length).toBeGreaterThan(2);
        expect(steps).toHaveLength(tour.step_count);
        for (const step of steps) expect(step.views).toBeGreaterThan(0);
        // "All time" starts when the tour was created, before its first session.
        const all = await call('GET', `/v1/flows/${tour.id}/report?date_preset=all_times`);
        expect((all.json() as { data: FlowReport }).data.totals.views).toBe(totals.views);
      }
      const pricing = (
        (await call('GET', `/v1/flows/${tours[1]!.id}/report?date_preset=past_30_day`)).json() as {
          data: FlowReport;
        }
      ).data;
      expect(pricing.totals.target_missing).toBeGreaterThan(0);
      expect(pricing.steps[1]!.drop_off).toBeGreaterThan(0);

      // The sessions keep the display rules: once, at most three, one open tour per visitor.
      const sessions = await t.database.db.select().from(flowSessions);
      const perVisitor = (flowId: number) => {
        const n = new Map<string, number>();
        for (const s of sessions.filter((x) => x.flowId === flowId))
          n.set(s.visitorKey, (n.get(s.visitorKey) ?? 0) + 1);
        return Math.max(...n.values());
      };
      expect(perVisitor(tours[0]!.id)).toBe(1);
      expect(perVisitor(tours[1]!.id)).toBeLessThanOrEqual(3);
      const open = sessions.filter((s) => s.state === 'open').map((s) => s.visitorKey);
      expect(new Set(open).size).toBe(open.length);
      expect(new Set(sessions.map((s) => s.state))).toEqual(
        new Set(['completed', 'dismissed', 'ended', 'open']),
      );

      // The live tail of a flow event has rows.
      const tail = await call(
        'GET',
        `/v1/tracking-session-data/tail?brand_id=${brandId}&event_name=flow_started&limit=5`,
      );
      expect(tail.statusCode, tail.body).toBe(200);
      expect((tail.json() as { data: { data: unknown[] } }).data.data).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it("points the pricing tour's tooltip at the demo shop the server serves, where the builder launches", async () => {
    const { t, call, brandId, flows } = await demoApi();
    try {
      const brand = (await call('GET', `/v1/brands/${brandId}`)).json() as {
        data: { write_key: string };
      };
      const tour = flows.find((f) => f.name === 'Pricing walkthrough')!;
      const got = (await call('GET', `/v1/flows/${tour.id}`)).json() as {
        data: { steps: { id: string; select_element?: { url: string; selector: string } }[] };
      };
      const step = got.data.steps.find((s) => s.select_element)!;
      const target = new URL(step.select_element!.url);
      expect(target.pathname).toBe('/demo/pricing');
      expect(target.searchParams.get('key')).toBe(brand.data.write_key);
      expect(step.select_element!.selector).toBe('#plans');
      // The page is there, with the element and the product's snippet.
      const page = await t.app.inject({ method: 'GET', url: target.pathname + target.search });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('id="plans"');
      expect(page.body).toContain(`writeKey:"${brand.data.write_key}"`);
      // And its origin is trusted: a builder session launches for it.
      for (const mode of ['pick', 'preview'] as const) {
        const res = await call('POST', `/v1/flows/${tour.id}/builder-sessions`, {
          step_id: step.id,
          url: target.href,
          mode,
        });
        expect(res.statusCode, res.body).toBe(201);
        const open = (res.json() as { data: { open_url: string } }).data.open_url;
        expect(open.startsWith(`${target.href}#`), open).toBe(true);
      }
    } finally {
      await t.close();
    }
  });

  it('pins a trend, a funnel and a retention report with data to the dashboard', async () => {
    const { t, call, brandId } = await demoApi();
    try {
      const listed = await call('GET', `/v1/reports?brand_id=${brandId}&pinned=true`);
      const reports = (listed.json() as { data: { data: SavedReport[] } }).data.data;
      expect(reports.map((r) => r.type).sort()).toEqual(['funnel', 'retention', 'trend']);
      for (const report of reports) {
        const res = await call('POST', '/v1/reports/query', report.query);
        expect(res.statusCode, res.body).toBe(200);
        const data = res.json().data as ReportAnswer;
        if ('series' in data) expect(data.series.some((s) => s.total > 0)).toBe(true);
        if ('steps' in data) expect(data.steps[0]!.count).toBeGreaterThan(0);
        if ('cohorts' in data) expect(data.cohorts.some((c) => c.size > 0)).toBe(true);
      }
    } finally {
      await t.close();
    }
  });

  it('saves three segments that the engine evaluates over the demo customers', async () => {
    const { t, call, brandId } = await demoApi();
    try {
      const listed = await call('GET', `/v1/segments?brand_id=${brandId}`);
      const segments = (listed.json() as { data: { data: { id: number; name: string }[] } }).data
        .data;
      expect(segments.map((s) => s.name)).toEqual(['Big spenders', 'Never ordered', 'Paid plans']);
      const totals: Record<string, number> = {};
      for (const s of segments) {
        const res = await call('GET', `/v1/segments/${s.id}/members?limit=1`);
        expect(res.statusCode, res.body).toBe(200);
        totals[s.name] = res.json().data.total as number;
      }
      expect(totals['Paid plans'], JSON.stringify(totals)).toBeGreaterThan(0);
      expect(totals['Never ordered']).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('adds no second copy of the tours and no sessions to them when run again', async () => {
    const before = await demoApi();
    const sessions = (await before.t.database.db.select().from(flowSessions)).length;
    // As a database seeded before the demo page existed: the tooltip points at another site.
    const pricingId = before.flows.find((f) => f.name === TOURS[1])!.id;
    const seeded = await pricingTour(before.call, pricingId);
    const demoTarget = seeded.steps[0]!.select_element!;
    const { id: _id, status: _status, created_at: _c, updated_at: _u, ...body } = seeded;
    const old = {
      ...body,
      steps: seeded.steps.map((step, i) =>
        i === 0 ? { ...step, select_element: { url: OLD_TARGET, selector: '#plans' } } : step,
      ),
    };
    expect((await before.call('PUT', `/v1/flows/${pricingId}`, old)).statusCode).toBe(200);
    expect((await pricingTour(before.call, pricingId)).steps[0]!.select_element!.url).toBe(
      OLD_TARGET,
    );
    await before.t.close();
    const run = seed(200);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/; 0 sessions written/);
    expect(run.stdout).toContain('Reports dashboard: already there.');
    expect(run.stdout).toContain('Segments: already there.');
    const after = await demoApi();
    try {
      for (const name of TOURS) expect(after.flows.filter((f) => f.name === name)).toHaveLength(1);
      expect(await after.t.database.db.select().from(flowSessions)).toHaveLength(sessions);
      const reports = await after.call('GET', `/v1/reports?brand_id=${after.brandId}`);
      expect(reports.json().data.total).toBe(3);
      const segments = await after.call('GET', `/v1/segments?brand_id=${after.brandId}`);
      expect(segments.json().data.total).toBe(3);
      // The tooltip is back on the demo page; the rest of the tour is as it was.
      const moved = await pricingTour(after.call, pricingId);
      expect(moved.steps[0]!.select_element).toEqual(demoTarget);
      expect(new URL(demoTarget.url).pathname).toBe('/demo/pricing');
      expect(moved.steps.map((s) => s.content)).toEqual(seeded.steps.map((s) => s.content));
      expect(moved.status).toBe('published');
      // Nothing left to move: the next run saves nothing.
      expect(retargeted(moved, moved)).toBeNull();
      expect(retargeted(moved, { ...moved, steps: [] })).toBeNull();
    } finally {
      await after.t.close();
    }
  });
});
