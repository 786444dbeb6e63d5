import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { openAnalyticsStore } from '@/server/analytics';
import type { AnalyticsStore } from '@/server/analytics/types';
import { DEFAULT_SEGMENT_WALK_LIMITS } from '@/server/modules/segments/engine/walks';
import { createAccount, ingest, setupTestApp, type TestAccount } from './helpers';
import { readsWaitingOn } from './waiting-reads';

/**
 * One account's segment work never stalls another's (docs/segments.md, "Sharing the stores"):
 * the analytics reads of account A's product wait on a gate the test opens, so A's previews
 * hold their walks and pages for as long as the test wants, with no clock involved. A's worst
 * legal load — every walk it may open — is admitted, the next is refused with a 429 before it
 * reads anything, and B's preview, members and export are answered meanwhile.
 */

const definition = {
  operator: 'AND',
  conditions: [
    {
      type: 'event',
      event_id: null,
      event_code: 'Order',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'anytime' },
      attribute_conditions: [],
      attribute_condition_operator: 'AND',
    },
  ],
};

describe('segment walks are bounded per account', () => {
  let inner: AnalyticsStore;
  let a: TestAccount;
  let b: TestAccount;
  let segmentA: number;
  const startedA: string[] = [];
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));

  afterAll(async () => inner?.close());
  const t = setupTestApp(async () => {
    inner = await openAnalyticsStore({ dataDir: ':memory:' });
    // The background count would open walks of its own: this test drives only its requests.
    // A's reads hold until `openGate`.
    const analytics = readsWaitingOn(inner, async (shape) => {
      if ('brandId' in shape && shape.brandId === a?.brandId) {
        startedA.push(shape.kind);
        await gate;
      }
    });
    return { analytics, segmentCounts: false };
  });
  afterAll(() => openGate());

  beforeAll(async () => {
    a = await createAccount(t.app, { brand: 'A' });
    b = await createAccount(t.app, { brand: 'B' });
    for (const who of [a, b]) {
      const batch = [
        { type: 'identify', userId: 'u1', traits: { plan: 'pro' } },
        { type: 'track', userId: 'u1', event: 'Order' },
        { type: 'identify', userId: 'u2', traits: { plan: 'free' } },
      ];
      const res = await ingest(t.app, who.writeKey, '/v1/batch', { batch });
      expect(res.json().accepted, res.body).toBe(3);
    }
    const made = await a.call('POST', '/v1/segments', {
      brand_id: a.brandId,
      name: 'Buyers',
      definition,
    });
    expect(made.statusCode, made.body).toBe(201);
    segmentA = made.json().data.id;
  });

  async function until(done: () => boolean) {
    for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 1_000 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(done()).toBe(true);
  }

  it("refuses A's walks past its share with a 429 while B's preview, members and export are answered", async () => {
    const walks = t.app.ctx.segmentWalks;
    const { walksPerAccount, pagesPerAccount, retryAfterSeconds } = DEFAULT_SEGMENT_WALK_LIMITS;
    const preview = (who: TestAccount) =>
      who.call('POST', '/v1/segments/preview', { brand_id: who.brandId, definition });

    // 1. A opens every walk it may: two pages run (held at the gate), the others wait their turn.
    const held = Array.from({ length: walksPerAccount }, () => preview(a));
    await until(() => walks.load(a.userId).walks === walksPerAccount);
    await until(() => startedA.length === pagesPerAccount);
    expect(walks.load(a.userId)).toMatchObject({
      walks: walksPerAccount,
      running: pagesPerAccount,
      queued: walksPerAccount - pagesPerAccount,
    });

    // 2. One more walk of A — a preview, a members page, an export — is refused before it reads.
    for (const url of [
      `/v1/segments/${segmentA}/members?format=csv`,
      `/v1/segments/${segmentA}/members`,
    ]) {
      const res = await a.call('GET', url);
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toMatchObject({
        code: 'rate_limited',
        message: MESSAGES.http.segmentsBusy,
      });
      expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
    }
    const refused = await preview(a);
    expect(refused.statusCode).toBe(429);
    expect(startedA).toHaveLength(pagesPerAccount);

    // 3. B is answered in full while A's walks hold their places.
    const p = await preview(b);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().data).toMatchObject({ count: 1, exact: true });
    const made = await b.call('POST', '/v1/segments', {
      brand_id: b.brandId,
      name: 'Buyers',
      definition,
    });
    const id = made.json().data.id;
    const members = await b.call('GET', `/v1/segments/${id}/members`);
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json().data.total).toBe(1);
    const csv = await b.call('GET', `/v1/segments/${id}/members?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(walks.load(b.userId).walks).toBe(0);

    // 4. Once A's reads go on, every admitted walk is answered and every walk is closed.
    openGate();
    for (const res of await Promise.all(held)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.count).toBe(1);
    }
    expect(walks.load()).toEqual({ walks: 0, running: 0, queued: 0 });
    const after = await a.call('GET', `/v1/segments/${segmentA}/members?format=csv`);
    expect(after.statusCode).toBe(200);
    expect(after.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(walks.load()).toEqual({ walks: 0, running: 0, queued: 0 });
  });
});
