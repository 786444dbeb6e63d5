import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createBrand, ENGINE, ingest, setupTestAccount } from './helpers';
import { aFlow, aFlowCondition, aSegmentTrigger, aUrlTrigger } from '../fixtures/flows';
import {
  aCustomerCondition,
  anEventSegmentCondition,
  aSegmentBody,
  createSegment,
  firstProblem,
} from '../fixtures/segments';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@/lib/messages';
import { plans, subscriptions } from '@/server/db/schema';

/**
 * The segment trigger (docs/flows.md, "Segment trigger"; docs/segments.md, "Targeting tours"):
 * saved only with a segment of the tour's product, decided per visitor with the segment engine
 * at each ask, so a tracked event or an edited segment changes the very next decision.
 */

/** The server's clock: moved past the 30 minutes a dismissed tour rests. */
let clock = Date.now();
const later = (minutes: number) => {
  clock += minutes * 60_000;
};
const t = setupTestAccount({ now: () => new Date(clock) });
const { call } = t;
let identitySecret: string;
beforeAll(async () => {
  const sources = await call('GET', `/v1/brands/${t.brandId}/sources`);
  identitySecret = sources.json().data.identity_secret as string;
});

const signed = (userId: string) => ({
  userId,
  userHash: createHmac('sha256', identitySecret).update(userId).digest('hex'),
  anonymousId: `a-${userId}`,
});

let seq = 0;
/** A published tour on `/seg-N` whose second trigger is `segment` (ANDed with the URL). */
function tourBody(segment: ReturnType<typeof aSegmentTrigger>, brandId = t.brandId) {
  seq += 1;
  return {
    ...aFlow({
      brand_id: brandId,
      name: `Segment tour ${seq}`,
      condition: aFlowCondition(
        aUrlTrigger({ value: `/seg-${seq}`, condition_type: 'ends with' }),
        segment,
      ),
      display_type: 'every_time',
    }),
    publish: true,
  };
}
async function publish(segment: ReturnType<typeof aSegmentTrigger>) {
  const res = await call('POST', '/v1/flows', tourBody(segment));
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...(res.json().data as { id: number; name: string }),
    url: `https://shop.example.com/seg-${seq}`,
  };
}

async function ask(user: string, url: string): Promise<number | null> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/flows/available-flow',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...signed(user), url }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { flow: { id: number } } | null;
  return data?.flow.id ?? null;
}

/** Ends the visitor's session of the tour, so the next ask decides afresh. */
async function dismissAll(user: string, url: string, flowId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/flows/available-flow',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey: t.writeKey, ...signed(user), url }),
  });
  const data = res.json().data as { session: { id: string } } | null;
  if (!data) return;
  const done = await t.app.inject({
    method: 'POST',
    url: `/v1/flows/${flowId}/done`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      writeKey: t.writeKey,
      session_id: data.session.id,
      outcome: 'dismissed',
    }),
  });
  expect(done.statusCode, done.body).toBe(200);
}

/** Sends the visitor's traits and waits until the store has committed them. */
async function identify(user: string, traits: Record<string, unknown>) {
  const res = await ingest(t.app, t.writeKey, '/v1/identify', { userId: user, traits });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.batcher.drain();
}
async function order(user: string) {
  const res = await ingest(t.app, t.writeKey, '/v1/track', {
    userId: user,
    event: 'order_completed',
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ctx.batcher.drain();
}

/** Pro customers with 2+ orders in the last 30 days. */
const buyers = (name: string) =>
  createSegment(call, t.brandId, name, [aCustomerCondition('pro'), anEventSegmentCondition()]);

describe(`segment trigger (${ENGINE})`, () => {
  it('"in segment": shown from the very next ask after the qualifying event', async () => {
    const s = await buyers('Buyers in');
    const f = await publish(aSegmentTrigger({ segment_id: s.id }));
    await identify('in-1', { plan: 'pro' });
    await order('in-1');
    expect(await ask('in-1', f.url)).toBeNull();
    await order('in-1');
    expect(await ask('in-1', f.url)).toBe(f.id);
    // Another visitor with the orders but not the attribute stays out.
    await identify('in-2', { plan: 'free' });
    await order('in-2');
    await order('in-2');
    expect(await ask('in-2', f.url)).toBeNull();
  });

  it('"not in segment": shown until the qualifying event, then no more', async () => {
    const s = await buyers('Buyers out');
    const f = await publish(aSegmentTrigger({ segment_id: s.id, negate: true }));
    await identify('out-1', { plan: 'pro' });
    await order('out-1');
    expect(await ask('out-1', f.url)).toBe(f.id);
    await dismissAll('out-1', f.url, f.id);
    later(31);
    // Rested, the tour shows again while the visitor is still outside the segment …
    expect(await ask('out-1', f.url)).toBe(f.id);
    await dismissAll('out-1', f.url, f.id);
    later(31);
    // … and not once the second order puts them in.
    await order('out-1');
    expect(await ask('out-1', f.url)).toBeNull();
  });

  it('reads nested segments: their event conditions are counted too', async () => {
    const inner = await buyers('Buyers inner');
    const outer = await createSegment(call, t.brandId, 'Outer', [
      { type: 'segment', segment_id: inner.id, negate: false },
    ]);
    const f = await publish(aSegmentTrigger({ segment_id: outer.id }));
    await identify('nest-1', { plan: 'pro' });
    await order('nest-1');
    expect(await ask('nest-1', f.url)).toBeNull();
    await order('nest-1');
    expect(await ask('nest-1', f.url)).toBe(f.id);
  });

  it('an edited segment changes the next decision', async () => {
    const s = await buyers('Buyers edited');
    const f = await publish(aSegmentTrigger({ segment_id: s.id }));
    await identify('edit-1', { plan: 'starter' });
    await order('edit-1');
    await order('edit-1');
    expect(await ask('edit-1', f.url)).toBeNull();
    const res = await call(
      'PUT',
      `/v1/segments/${s.id}`,
      aSegmentBody(t.brandId, 'Buyers edited', [
        aCustomerCondition('starter'),
        anEventSegmentCondition(),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await ask('edit-1', f.url)).toBe(f.id);
  });

  it('deleting a segment a published tour targets answers 409 naming the tour', async () => {
    const s = await buyers('Buyers targeted');
    const f = await publish(aSegmentTrigger({ segment_id: s.id, negate: true }));
    const refused = await call('DELETE', `/v1/segments/${s.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.segments.usedByTour(f.name));
    // Unpublished, the tour no longer holds the segment.
    const draft = await call('PUT', `/v1/flows/${f.id}`, {
      ...tourBody(aSegmentTrigger({ segment_id: s.id })),
      name: f.name,
      publish: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await call('DELETE', `/v1/segments/${s.id}`)).statusCode).toBe(200);
  });

  it("refuses another product's or account's segment with the same 400 at its path", async () => {
    // An account on a plan with two products: a segment of its second product …
    const multi = await createAccount(t.app);
    const [starter] = await t.database.db.select().from(plans).where(eq(plans.code, 'starter'));
    await t.database.db
      .update(subscriptions)
      .set({ planId: starter!.id })
      .where(eq(subscriptions.userId, multi.userId));
    const second = await createBrand(t.app, multi.token, 'Second shop');
    const sibling = await createSegment(multi.call, second.brandId, 'Sibling');
    // … another account's segment, and no segment at all.
    const foreign = await buyers('Foreign');
    const own = await createSegment(multi.call, multi.brandId, 'Own');
    const body = (id: number, publish = true) => ({
      ...tourBody(aSegmentTrigger({ segment_id: own.id }, { segment_id: id }), multi.brandId),
      publish,
    });
    for (const id of [sibling.id, foreign.id, 2147483647]) {
      const problem = firstProblem(await multi.call('POST', '/v1/flows', body(id)));
      expect(problem).toEqual({
        path: 'condition.trigger_conditions.1.conditions.1.segment_id',
        message: MESSAGES.segments.unknownSegment,
      });
    }
    // A draft too: the check is not only for publishing. The product's own segment is fine.
    expect((await multi.call('POST', '/v1/flows', body(sibling.id, false))).statusCode).toBe(400);
    const fine = await multi.call('POST', '/v1/flows', body(own.id));
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
