import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { day, erase, PERSONAL, reports, seed, T0 } from './erasure-report-shapes';
import { chdbForTests, createAccount, ingest, setupTestAccount } from './helpers';

/**
 * Erasure and the reports (docs/data-rights.md, "Tests"): run again after a `delete` erasure,
 * every report shape finds nothing of the customer — trend and its breakdown's top values,
 * funnel and the customers behind a step, retention, the event list and timeline, a segment's
 * event condition, the link report, the export read for their id; after a `redact` the same
 * shapes count as before, without their ids or personal values. On DuckDB and on ClickHouse.
 */

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

const chdbAvailable = await chdbForTests();
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
