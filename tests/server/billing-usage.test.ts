import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { SOCKET_EVENTS } from '@/lib/constants';
import { MESSAGES } from '@/lib/messages';
import type { Subscription } from '@/lib/contracts/plans';
import { accountUsage } from '@/server/db/schema';
import type { Realtime } from '@/server/realtime/notifier';
import { type ApiRequest, createAccount, ENGINE, ingest, setupTestApp } from './helpers';
import { loadCatalogue, type Catalogue } from './billing-helpers';

const DAY = 24 * 60 * 60 * 1000;
// Events are sent with timestamps in this month, so the clock and the counter agree on it.
const T0 = new Date('2025-03-02T00:00:00.000Z');
const MONTH = 202503;
const EVENT_TIME = '2025-03-01T12:00:00.000Z';
let clock = T0;
const at = (ms: number) => (clock = new Date(T0.getTime() + ms));

const limitEvents: { userId: string; payload: unknown }[] = [];
const realtime: Realtime = {
  emitToUser(userId, event, payload) {
    if (event === SOCKET_EVENTS.USAGE_LIMIT) limitEvents.push({ userId, payload });
  },
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};
let checkoutBody: Catalogue['body'];

const t = setupTestApp({ now: () => clock, notifier: realtime });
beforeAll(async () => {
  ({ body: checkoutBody } = await loadCatalogue(t.app));
});

/** A batch of `n` identified customers (each one monthly active user). */
const customers = (n: number, prefix: string) => ({
  batch: Array.from({ length: n }, (_, i) => ({
    type: 'track',
    event: 'Viewed',
    userId: `${prefix}-${i}`,
    messageId: randomUUID(),
    timestamp: EVENT_TIME,
  })),
});

async function subscription(api: ApiRequest) {
  return (await api('GET', '/v1/users/me/subscription')).json().data as Subscription;
}

async function account() {
  const u = await createAccount(t.app);
  const { call: api } = u;
  const card = await api('POST', '/v1/users/me/payment-methods', {
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(card.statusCode).toBe(201);
  const pay = async (code: string, addOns = 0) => {
    const res = await api('POST', '/v1/payments/check-out', checkoutBody(code, addOns));
    expect(res.statusCode, res.body).toBe(200);
    await t.app.ctx.provider.drain();
    const id = res.json().data.payment.id as number;
    expect((await api('GET', `/v1/payments/${id}`)).json().data.status).toBe('paid');
  };
  return { ...u, api, pay };
}

describe(`MAU limit and grace period (${ENGINE})`, () => {
  it('keeps tracking 7 days past the limit, then answers 402 until an upgrade', async () => {
    at(0);
    const a = await account();
    // Reaching the free plan's 1,000 MAU is accepted and announced once.
    const reach = await ingest(t.app, a.writeKey, '/v1/batch', customers(1000, 'c'));
    expect(reach.statusCode, reach.body).toBe(200);
    let sub = await subscription(a.api);
    expect(sub.user_quota).toMatchObject({
      mau_count: 1000,
      mau_limit: 1000,
      over_limit_since: T0.toISOString(),
      tracking_paused: false,
    });
    expect(limitEvents.filter((e) => e.userId === a.userId).map((e) => e.payload)).toEqual([
      { mau_count: 1000, mau_limit: 1000 },
    ]);

    // Grace: still accepted for 7 days.
    at(DAY);
    expect((await ingest(t.app, a.writeKey, '/v1/batch', customers(5, 'd'))).statusCode).toBe(200);
    at(7 * DAY - 60_000);
    expect((await ingest(t.app, a.writeKey, '/v1/batch', customers(1, 'e'))).statusCode).toBe(200);
    expect(limitEvents.filter((e) => e.userId === a.userId)).toHaveLength(1);

    at(7 * DAY + 60_000);
    const paused = await ingest(t.app, a.writeKey, '/v1/batch', customers(1, 'f'));
    expect(paused.statusCode).toBe(402);
    expect(paused.json()).toMatchObject({
      code: 'quota_exceeded',
      message: MESSAGES.payments.quotaExceeded,
    });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    sub = await subscription(a.api);
    // Nothing already stored is lost.
    expect(sub.user_quota).toMatchObject({ mau_count: 1006, tracking_paused: true });

    await a.pay('starter');
    sub = await subscription(a.api);
    expect(sub.user_quota).toMatchObject({
      mau_limit: 10_000,
      over_limit_since: null,
      tracking_paused: false,
    });
    expect((await ingest(t.app, a.writeKey, '/v1/batch', customers(1, 'g'))).statusCode).toBe(200);
  });

  it('resumes after buying an add-on, and a new month starts under the limit', async () => {
    at(0);
    const b = await account();
    await b.pay('starter');
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'h'))).statusCode).toBe(200);
    // Fixture: the monthly counter (Tracking's, tested with ingestion) at the Starter limit.
    await t.database.db
      .update(accountUsage)
      .set({ mauCount: 10_000 })
      .where(and(eq(accountUsage.userId, b.userId), eq(accountUsage.month, MONTH)));

    at(DAY);
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'i'))).statusCode).toBe(200);
    expect((await subscription(b.api)).user_quota.over_limit_since).toBe(
      new Date(T0.getTime() + DAY).toISOString(),
    );
    at(9 * DAY);
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'j'))).statusCode).toBe(402);

    await b.pay('starter', 1);
    const sub = await subscription(b.api);
    expect(sub.user_quota).toMatchObject({ mau_limit: 11_000, tracking_paused: false });
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'k'))).statusCode).toBe(200);

    // Back over the limit and past grace, then a new month: the count starts again.
    await t.database.db
      .update(accountUsage)
      .set({ mauCount: 11_000 })
      .where(and(eq(accountUsage.userId, b.userId), eq(accountUsage.month, MONTH)));
    at(10 * DAY);
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'l'))).statusCode).toBe(200);
    at(18 * DAY);
    expect((await ingest(t.app, b.writeKey, '/v1/batch', customers(1, 'm'))).statusCode).toBe(402);
    at(31 * DAY); // 2 April
    expect(
      (
        await ingest(t.app, b.writeKey, '/v1/batch', {
          batch: [
            { type: 'track', event: 'Viewed', userId: 'n', timestamp: '2025-04-02T01:00:00Z' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await subscription(b.api)).user_quota).toMatchObject({
      mau_count: 1,
      over_limit_since: null,
      tracking_paused: false,
    });
  });
});
