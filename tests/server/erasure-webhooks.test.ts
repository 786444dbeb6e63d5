import { describe, expect, it } from 'vitest';
import { ingest, setupTestAccount } from './helpers';
import { setupReceiver } from './webhooks-receiver';

/**
 * Erasure and the webhook delivery log (docs/data-rights.md, "Erasure"): the erase job removes
 * the product's messages naming the customer — by customer id, user id, or an anonymous id of
 * theirs — sent or still pending (a pending one is never sent), keeps another customer's and its
 * own customer.deleted (which names nobody), and counts what went in the receipt.
 */

interface Delivery {
  topic: string;
  status: string;
  payload: string;
}

describe('erasure of the webhook delivery log', () => {
  // A failed first attempt is retried one second later.
  const a = setupTestAccount({ env: { WEBHOOK_RETRY_SCHEDULE: '0,1' } });
  const receiver = setupReceiver();
  const send = async (batch: unknown[]) => {
    const res = await ingest(a.app, a.writeKey, '/v1/batch', { batch });
    expect(res.statusCode, res.body).toBe(200);
    await a.app.ctx.batcher.drain();
    await a.app.ctx.jobs.drain();
  };
  const log = async (id: number) => {
    const res = await a.call('GET', `/v1/webhooks/${id}/deliveries?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.data as Delivery[];
  };
  const data = (d: Delivery) => JSON.parse(d.payload).data as Record<string, unknown>;

  it('removes the messages naming the customer, pending ones unsent, and counts them', async () => {
    // u2's two messages, u1's two, then u1's next event fails (pending); the rest succeed.
    const hooked = await receiver([200, 200, 200, 200, 500, 200]);
    const topics = ['customer.created', 'event.Ordered', 'customer.deleted'];
    const made = await a.call('POST', '/v1/webhooks', {
      brand_id: a.brandId,
      url: hooked.url,
      topics,
    });
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json().data as { id: number };
    const order = (who: { userId?: string; anonymousId?: string }, total: number) => ({
      type: 'track',
      event: 'Ordered',
      ...who,
      properties: { total, email: 'someone@example.com' },
    });

    await send([
      { type: 'identify', userId: 'u2', traits: { email: 'u2@example.com' } },
      order({ userId: 'u2' }, 7),
    ]);
    await send([
      order({ anonymousId: 'a1' }, 5),
      { type: 'identify', userId: 'u1', anonymousId: 'a1', traits: { email: 'u1@example.com' } },
    ]);
    await send([order({ userId: 'u1' }, 20)]);
    expect(hooked.got).toHaveLength(5);

    const before = await log(hook.id);
    const names = (d: Delivery, key: string) =>
      data(d).customer_id === key ||
      data(d).user_id === key ||
      (key === 'u1' && data(d).user_id === null && data(d).anonymous_id === 'a1');
    const ofU1 = before.filter((d) => names(d, 'u1'));
    const ofU2 = before.filter((d) => names(d, 'u2'));
    expect(ofU1.map((d) => d.topic).sort()).toEqual([
      'customer.created',
      'event.Ordered',
      'event.Ordered',
    ]);
    expect(ofU1.filter((d) => d.status === 'pending')).toHaveLength(1);
    expect(ofU2).toHaveLength(2);

    const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}&search=u1`);
    const profile = list
      .json()
      .data.data.find((p: { customer_key: string }) => p.customer_key === 'u1');
    const erase = await a.call('POST', `/v1/customer-profiles/${profile.id}/erase`, {
      mode: 'delete',
    });
    expect(erase.statusCode, erase.body).toBe(202);
    await a.app.ctx.jobs.drain();

    const done = (await a.call('GET', `/v1/erasures/${erase.json().data.id}`)).json().data;
    expect(done).toMatchObject({ status: 'done', receipt: { webhook_messages: 3 } });

    const after = await log(hook.id);
    expect(after.filter((d) => names(d, 'u1'))).toEqual([]);
    expect(after.filter((d) => names(d, 'u2')).map((d) => d.payload)).toEqual(
      ofU2.map((d) => d.payload),
    );
    // The erasure's own message stays, naming nobody.
    const deleted = after.filter((d) => d.topic === 'customer.deleted');
    expect(deleted).toHaveLength(1);
    expect(Object.keys(data(deleted[0]!)).sort()).toEqual(['customer_hash', 'erasure_id', 'mode']);
    expect(deleted[0]!.payload).not.toMatch(/u1|a1@|u1@example/);
    expect(hooked.got).toHaveLength(6);

    // The pending message's retry is due after a second: it finds nothing to send.
    await new Promise((r) => setTimeout(r, 1_200));
    await a.app.ctx.jobs.drain();
    expect(hooked.got).toHaveLength(6);
    // Its one (failed) first attempt before the erasure, never again.
    expect(hooked.got.filter((r) => r.body.includes('"total":20'))).toHaveLength(1);
  });
});
