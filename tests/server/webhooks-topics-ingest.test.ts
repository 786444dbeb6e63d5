import { Webhook } from 'standardwebhooks';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookEndpoints } from '@/server/db/schema';
import { createAccount, ingest, setupTestAccount, type TestAccount } from './helpers';
import { setupReceiver, type Received } from './webhooks-receiver';

/**
 * The topics of ingestion (docs/webhooks.md, "Topics"): customer.created when a profile is first
 * made, customer.updated when its traits change (not for an identify repeating them), and
 * event.<code> for the events whose code an endpoint subscribes to. Each goes only to the enabled
 * endpoints of the product subscribed to it, and verifies with the unmodified standardwebhooks
 * library. A product without endpoints reads no subscriptions per event; a burst of one account's
 * event messages does not hold back another account's delivery.
 */

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };

async function endpoint(
  a: Pick<TestAccount, 'call'>,
  brandId: number,
  url: string,
  topics: string[],
  enabled = true,
) {
  const res = await a.call('POST', '/v1/webhooks', { brand_id: brandId, url, topics, enabled });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string };
}

describe('webhook topics of ingestion', () => {
  const a = setupTestAccount({ env: { WEBHOOK_RETRY_SCHEDULE: '0' } });
  const receiver = setupReceiver();
  const send = async (writeKey: string, batch: unknown[]) => {
    const res = await ingest(a.app, writeKey, '/v1/batch', { batch });
    expect(res.statusCode, res.body).toBe(200);
    await a.app.ctx.batcher.drain();
    await a.app.ctx.jobs.drain();
  };

  it('sends customer.created once, customer.updated only when traits change, to subscribers alone', async () => {
    const [mine, disabled, other, theirs] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
      receiver(),
    ]);
    const topics = ['customer.created', 'customer.updated'];
    const hook = await endpoint(a, a.brandId, mine.url, topics);
    await endpoint(a, a.brandId, disabled.url, topics, false);
    await endpoint(a, a.brandId, other.url, ['flow.completed', 'event.Order']);
    const stranger = await createAccount(a.app, { brand: 'Theirs' });
    await endpoint(stranger, stranger.brandId, theirs.url, topics);

    const identify = (traits: Record<string, unknown>) => ({
      type: 'identify',
      userId: 'ada',
      traits,
    });
    await send(a.writeKey, [identify({ email: 'ada@example.com', plan: 'free' })]);
    expect(mine.got).toHaveLength(1);
    const created = verify(hook.secret, mine.got[0]!);
    expect(created).toMatchObject({
      type: 'customer.created',
      data: {
        customer_id: 'ada',
        email: 'ada@example.com',
        data_attributes: { plan: 'free' },
        changed: [],
      },
    });
    expect(created.data.profile_id).toEqual(expect.any(Number));

    // The same traits again, and an event of the same customer: nothing changed.
    await send(a.writeKey, [
      identify({ email: 'ada@example.com', plan: 'free' }),
      { type: 'track', userId: 'ada', event: 'Viewed' },
    ]);
    expect(mine.got).toHaveLength(1);

    await send(a.writeKey, [identify({ email: 'ada@example.com', plan: 'pro' })]);
    expect(mine.got).toHaveLength(2);
    expect(verify(hook.secret, mine.got[1]!)).toMatchObject({
      type: 'customer.updated',
      data: {
        customer_id: 'ada',
        profile_id: created.data.profile_id,
        data_attributes: { plan: 'pro' },
        changed: ['data_attributes.plan'],
      },
    });
    expect(disabled.got).toHaveLength(0);
    expect(other.got).toHaveLength(0);
    expect(theirs.got).toHaveLength(0);
  });

  it('sends event.<code> for each subscribed event code, with stable ids for a batch sent twice', async () => {
    const [orders, theirs] = await Promise.all([receiver(), receiver()]);
    const shop = await createAccount(a.app, { brand: 'Orders' });
    const { writeKey } = shop;
    const hook = await endpoint(shop, shop.brandId, orders.url, ['event.Order']);
    const stranger = await createAccount(a.app, { brand: 'Their orders' });
    await endpoint(stranger, stranger.brandId, theirs.url, ['event.Order']);

    const batch = [
      { type: 'track', userId: 'bob', event: 'Order', messageId: 'o-1', properties: { total: 30 } },
      { type: 'track', userId: 'bob', event: 'Refund', messageId: 'r-1' },
      { type: 'track', anonymousId: 'anon-1', event: 'Order', messageId: 'o-2' },
    ];
    await send(writeKey, batch);
    expect(orders.got).toHaveLength(2);
    const bodies = orders.got.map((g) => verify(hook.secret, g));
    expect(bodies.map((b) => b.type)).toEqual(['event.Order', 'event.Order']);
    expect(bodies.map((b) => b.data.event_id).sort()).toEqual(['o-1', 'o-2']);
    expect(bodies.find((b) => b.data.event_id === 'o-1')!.data).toMatchObject({
      code: 'Order',
      type: 'track',
      user_id: 'bob',
      properties: { total: 30 },
    });

    // The client sends the batch again: the receiver sees the same webhook ids and drops them.
    await send(writeKey, batch);
    expect(orders.got).toHaveLength(4);
    const ids = orders.got.map((g) => g.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
    expect(theirs.got).toHaveLength(0);
  });

  it('reads no subscriptions per event and writes nothing for a product without endpoints', async () => {
    const { brandId, writeKey } = await createAccount(a.app, { brand: 'Quiet' });
    const subscriptions = a.app.ctx.webhookDelivery.subscriptions;
    const before = subscriptions.lookups();
    for (let i = 0; i < 5; i++)
      await send(
        writeKey,
        Array.from({ length: 10 }, (_, j) =>
          j === 0
            ? { type: 'identify', userId: `quiet-${i}`, traits: { n: i } }
            : { type: 'track', userId: `quiet-${i}`, event: 'Order' },
        ),
      );
    // 50 events in 5 requests: at most the first read of the product (then the cache answers).
    expect(subscriptions.lookups() - before).toBeLessThanOrEqual(1);
    const db = a.database.db;
    const endpoints = db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.brandId, brandId));
    const [written] = await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.endpointId, endpoints));
    expect(written!.n).toBe(0);
  });

  it("delivers another account's message while one account's burst of event messages waits", async () => {
    const r = await receiver();
    const burst = await createAccount(a.app, { brand: 'Burst' });
    const busy = await endpoint(burst, burst.brandId, r.url, ['event.Order']);
    const quiet = await createAccount(a.app, { brand: 'Quiet shop' });
    const calm = await endpoint(quiet, quiet.brandId, r.url, ['event.Signup']);
    const orders = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'track',
        userId: `buyer-${i}`,
        event: 'Order',
      }));
    const post = async (writeKey: string, batch: unknown[]) => {
      const res = await ingest(a.app, writeKey, '/v1/batch', { batch });
      expect(res.statusCode, res.body).toBe(200);
      await a.app.ctx.batcher.drain();
    };

    // Small batches: each stored batch enqueues its few deliveries' jobs itself.
    for (let i = 0; i < 6; i++) await post(burst.writeKey, orders(5));
    // A large one: the post-commit step enqueues one fan-out job, not one job per delivery.
    await post(burst.writeKey, orders(30));
    const queued = await a.database.db
      .select({ kind: jobs.kind, n: count() })
      .from(jobs)
      .where(and(eq(jobs.ownerId, burst.userId), eq(jobs.status, 'queued')))
      .groupBy(jobs.kind);
    expect(Object.fromEntries(queued.map((q) => [q.kind, q.n]))).toEqual({
      'webhook.deliver': 30,
      'webhook.fan-out': 1,
    });
    await post(quiet.writeKey, [{ type: 'track', userId: 'new-user', event: 'Signup' }]);
    await a.app.ctx.jobs.drain();

    expect(r.got).toHaveLength(61);
    const types = r.got.map((g) => JSON.parse(g.body).type as string);
    // The queue runs at most JOB_PER_OWNER (2) jobs of one account at once: the other account's
    // message, enqueued after the burst's 30 jobs, is in the first claim, not behind them.
    const at = types.indexOf('event.Signup');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThanOrEqual(2);
    verify(calm.secret, r.got[at]!);
    for (const [i, g] of r.got.entries()) if (i !== at) verify(busy.secret, g);
  });
});
