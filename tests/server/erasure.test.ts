import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openChdbExecutor } from '@/server/analytics/chdb.executor';
import { openClickHouseStore } from '@/server/analytics/clickhouse.store';
import type { AnalyticsStore } from '@/server/analytics/types';
import { flowSessions } from '@/server/db/schema';
import { aFlow, aFlowCondition } from '../fixtures/flows';
import { chdbForTests, createAccount, ingest, setupTestAccount } from './helpers';

/**
 * Erasure of a customer (docs/data-rights.md): the profile goes at once, the job removes their
 * tour sessions and events (or, to redact, keeps the events without personal values under a
 * salted hash), writes a receipt and an audit entry that names nobody; another owner sees 404.
 */

// Three days ago at midnight UTC: inside any retention window.
const T0 = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** u1 browses anonymously as a1, signs up, orders twice; u2 orders once. */
async function seed(a: { app: Parameters<typeof ingest>[0]; writeKey: string }) {
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
    ...[2, 3].map((m) => ({
      type: 'track',
      event: 'Order Placed',
      userId: 'u1',
      messageId: `o${m}`,
      timestamp: at(m),
      properties: { total: m * 10, email: 'u1@example.com' },
    })),
    {
      type: 'identify',
      userId: 'u2',
      messageId: 'i2',
      timestamp: at(4),
      traits: { email: 'u2@example.com' },
    },
    {
      type: 'track',
      event: 'Order Placed',
      userId: 'u2',
      messageId: 'o5',
      timestamp: at(5),
      properties: { total: 7 },
    },
  ];
  const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
  expect(res.json().accepted, res.body).toBe(batch.length);
}

function erasureSuite(
  engine: 'duckdb' | 'clickhouse',
  open: () => Promise<AnalyticsStore | undefined>,
) {
  describe(`erasure (${engine})`, () => {
    let external: AnalyticsStore | undefined;
    // Registered before the app's: runs after the app has closed.
    afterAll(async () => external?.close());
    const a = setupTestAccount(async () => {
      external = await open();
      return external ? { analytics: external } : {};
    });

    const profileId = async (key: string) => {
      const res = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=${key}`);
      const found = res
        .json()
        .data.data.find((p: { customer_key: string }) => p.customer_key === key);
      return found?.id as number | undefined;
    };
    const exported = async () =>
      (await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const store = () => a.app.ctx.analytics;
    const customerEvents = () =>
      store().query({
        kind: 'timeline',
        brandId: a.brandId,
        userId: 'u1',
        anonymousIds: ['a1'],
        limit: 100,
      });
    const openSession = async (visitorKey: string) => {
      // A tour session of the customer, as the runtime records one.
      const flow = await a.call(
        'POST',
        '/v1/flows',
        aFlow({ brand_id: a.brandId, name: 'Welcome', condition: aFlowCondition(), steps: [] }),
      );
      expect(flow.statusCode, flow.body).toBeLessThan(300);
      await a.app.ctx.database.db.insert(flowSessions).values({
        brandId: a.brandId,
        flowId: flow.json().data.id,
        id: `session-${visitorKey}`,
        visitorKey,
        userId: visitorKey,
        anonymousId: 'a1',
        startedAt: new Date(),
        updatedAt: new Date(),
      } as typeof flowSessions.$inferInsert);
    };

    it('delete: the profile at once; sessions and events by the job, with a receipt and an audit entry', async () => {
      await seed(a);
      await openSession('u1');
      const id = await profileId('u1');
      expect(id).toBeDefined();
      expect((await customerEvents()).length).toBe(4);

      const res = await a.call('POST', `/v1/customer-profiles/${id}/erase`, { mode: 'delete' });
      expect(res.statusCode, res.body).toBe(202);
      const erasure = res.json().data;
      expect(erasure).toMatchObject({ status: 'queued', mode: 'delete', suppress: false });
      expect(erasure.customer_hash).toMatch(/^redacted_[0-9a-f]{32}$/);
      // The profile is gone before the job runs.
      expect((await a.call('GET', `/v1/customer-profiles/${id}`)).statusCode).toBe(404);

      await a.app.ctx.jobs.drain();
      const done = (await a.call('GET', `/v1/erasures/${erasure.id}`)).json().data;
      expect(done).toMatchObject({
        status: 'done',
        receipt: { profiles: 1, events: 4, tour_sessions: 1, link_clicks: 0, analytics: engine },
        requested_by: a.userId,
      });
      expect(Date.parse(done.completed_at)).not.toBeNaN();
      expect(await customerEvents()).toEqual([]);
      const left = await exported();
      expect(left.map((e) => e.message_id).sort()).toEqual(['i2', 'o5']);
      expect(JSON.stringify(left)).not.toMatch(/u1|a1|Ursula/);
      const sessions = await a.app.ctx.database.db.select().from(flowSessions);
      expect(sessions.filter((s) => s.visitorKey === 'u1')).toEqual([]);

      // The audit names who asked and when, never whom.
      const audit = await a.call('GET', `/v1/erasures?brand_id=${a.brandId}`);
      expect(audit.statusCode).toBe(200);
      expect(audit.json().data.data[0]).toMatchObject({ id: erasure.id, requested_by: a.userId });
      expect(audit.body).not.toMatch(/u1@example|"u1"/);
    });

    it('redact: the events stay, counted as before, without the ids and personal values', async () => {
      const b = await createAccount(a.app);
      const t = { ...b, app: a.app };
      await seed(t);
      const count = async () =>
        (
          await store().query({
            kind: 'countsByEvent',
            brandId: b.brandId,
            from: new Date(0),
            to: new Date('2100-01-01T00:00:00Z'),
          })
        ).reduce((n, c) => n + c.count, 0);
      const before = await count();
      const list = await b.call('GET', `/v1/customer-profiles?brand_id=${b.brandId}&search=u1`);
      const id = list.json().data.data[0].id as number;
      const res = await b.call('POST', `/v1/customer-profiles/${id}/erase`, { mode: 'redact' });
      expect(res.statusCode, res.body).toBe(202);
      await a.app.ctx.jobs.drain();
      expect(await count()).toBe(before);
      const rows = (await b.call('GET', `/v1/export/events?brand_id=${b.brandId}`)).body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const text = JSON.stringify(rows);
      expect(text).not.toMatch(/"u1"|"a1"|u1@example|Ursula|203\.0\.113/);
      const hash = res.json().data.customer_hash as string;
      const redacted = rows.filter((r) => r.customer_key === hash);
      expect(redacted.map((r) => r.event).sort()).toEqual(
        ['$identify', '$pageview', 'Order Placed', 'Order Placed'].sort(),
      );
      // Non-personal properties stay (the order totals); u2 is untouched.
      expect(redacted.filter((r) => r.event === 'Order Placed').map((r) => r.properties)).toEqual([
        { total: 20 },
        { total: 30 },
      ]);
      expect(rows.filter((r) => r.user_id === 'u2')).toHaveLength(2);
    });

    it("suppress: the customer's later events are dropped at ingestion, others are stored", async () => {
      const d = await createAccount(a.app);
      const t = { ...d, app: a.app };
      await seed(t);
      const list = await d.call('GET', `/v1/customer-profiles?brand_id=${d.brandId}&search=u1`);
      const id = list.json().data.data[0].id as number;
      const res = await d.call('POST', `/v1/customer-profiles/${id}/erase`, {
        mode: 'delete',
        suppress: true,
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data.suppress).toBe(true);
      await a.app.ctx.jobs.drain();
      const later = await ingest(a.app, d.writeKey, '/v1/batch', {
        batch: [
          { type: 'track', event: 'Came Back', userId: 'u1', messageId: 'late-1' },
          {
            type: 'identify',
            userId: 'u1',
            messageId: 'late-2',
            traits: { email: 'u1@example.com' },
          },
          { type: 'track', event: 'Came Back', userId: 'u2', messageId: 'late-3' },
        ],
      });
      // Answered as accepted (the client must not retry), never stored.
      expect(later.json().accepted, later.body).toBe(3);
      const rows = (await d.call('GET', `/v1/export/events?brand_id=${d.brandId}`)).body;
      expect(rows).not.toMatch(/late-1|late-2|"u1"/);
      expect(rows).toMatch(/late-3/);
      expect(
        (await d.call('GET', `/v1/customer-profiles?brand_id=${d.brandId}&search=u1`)).json().data
          .data,
      ).toEqual([]);
    });

    it("another owner's customer and erasure answer 404; bad bodies answer 400", async () => {
      const c = await createAccount(a.app);
      const t = { ...c, app: a.app };
      await seed(t);
      const list = await c.call('GET', `/v1/customer-profiles?brand_id=${c.brandId}&search=u2`);
      const theirs = list.json().data.data[0].id as number;
      const b = await createAccount(a.app);
      expect(
        (await b.call('POST', `/v1/customer-profiles/${theirs}/erase`, { mode: 'delete' }))
          .statusCode,
      ).toBe(404);
      const bad = await c.call('POST', `/v1/customer-profiles/${theirs}/erase`, { mode: 'shred' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/mode must be delete or redact/);
      const made = await c.call('POST', `/v1/customer-profiles/${theirs}/erase`, {
        mode: 'delete',
      });
      expect(made.statusCode).toBe(202);
      expect((await b.call('GET', `/v1/erasures/${made.json().data.id}`)).statusCode).toBe(404);
      expect((await b.call('GET', `/v1/erasures?brand_id=${c.brandId}`)).statusCode).toBe(404);
      await a.app.ctx.jobs.drain();
    });
  });
}

erasureSuite('duckdb', async () => undefined);

const chdbAvailable = await chdbForTests();
let chdbDir: string | undefined;
describe.skipIf(!chdbAvailable)('on ClickHouse', () => {
  afterAll(() => {
    if (chdbDir) rmSync(chdbDir, { recursive: true, force: true });
  });
  erasureSuite('clickhouse', async () => {
    chdbDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-chdb-'));
    return openClickHouseStore(await openChdbExecutor(chdbDir));
  });
});
