import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, ENGINE, ingest, setupTestAccount } from './helpers';
import { aFlow, aFlowCondition, aSegmentTrigger, aUrlTrigger } from '../fixtures/flows';
import { aCustomerCondition, aSegmentBody, aSegmentRef, createSegment } from '../fixtures/segments';

/**
 * PUT /v1/segments/{id} answers `membership_change` (docs/segments.md, "API"): when the
 * definition changed and a published tour reads the segment (targets it, or a segment including
 * it), the members the new definition gains and loses, and those tours; null otherwise.
 */

const t = setupTestAccount();
const { call } = t;

/** Two pro, three free and one team customer. */
beforeAll(async () => {
  const plans = { p1: 'pro', f1: 'free', p2: 'pro', f2: 'free', t1: 'team', f3: 'free' };
  const batch = Object.entries(plans).map(([userId, plan]) => ({
    type: 'identify',
    userId,
    traits: { plan },
  }));
  const res = await ingest(t.app, t.writeKey, '/v1/batch', { batch });
  expect(res.json().accepted, res.body).toBe(6);
  await t.app.ctx.batcher.drain();
});

let seq = 0;
/** A tour on `/mc-N` targeting `segmentId` (published unless told otherwise). */
async function tour(segmentId: number, publish = true, negate = false) {
  seq += 1;
  const res = await call('POST', '/v1/flows', {
    ...aFlow({
      brand_id: t.brandId,
      name: `Audience tour ${seq}`,
      condition: aFlowCondition(
        aUrlTrigger({ value: `/mc-${seq}`, condition_type: 'ends with' }),
        aSegmentTrigger({ segment_id: segmentId, negate }),
      ),
    }),
    publish,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

const put = (id: number, name: string, conditions: unknown[]) =>
  call('PUT', `/v1/segments/${id}`, aSegmentBody(t.brandId, name, conditions));
const plan = (value: string) => [aCustomerCondition(value)];

describe(`membership change of a saved segment (${ENGINE})`, () => {
  it('counts who joins and leaves the audience of the published tour targeting it', async () => {
    const s = await createSegment(call, t.brandId, 'Pros', plan('pro'));
    const f = await tour(s.id);
    const res = await put(s.id, 'Pros', plan('free'));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: s.id, name: 'Pros', definition: { conditions: [{}] } });
    expect(data.definition.conditions[0].value).toBe('free');
    expect(data.membership_change).toEqual({
      gained: 3,
      lost: 2,
      tours: [{ id: f.id, name: f.name }],
    });
    // Both lists shrink to the team customer: nobody joins, three leave.
    const back = await put(s.id, 'Pros', plan('team'));
    expect(back.json().data.membership_change).toEqual({
      gained: 1,
      lost: 3,
      tours: [{ id: f.id, name: f.name }],
    });
  });

  it('names every published tour reading it, through a segment that includes it too', async () => {
    const s = await createSegment(call, t.brandId, 'Inner', plan('pro'));
    const outer = await createSegment(call, t.brandId, 'Outer', [aSegmentRef(s.id)]);
    const top = await createSegment(call, t.brandId, 'Top', [aSegmentRef(outer.id, true)]);
    const direct = await tour(s.id, true, true);
    const viaOuter = await tour(outer.id);
    const viaTop = await tour(top.id);
    await tour(s.id, false);
    const res = await put(s.id, 'Inner', [aCustomerCondition('pro'), aCustomerCondition('x')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.membership_change).toEqual({
      gained: 0,
      lost: 2,
      tours: [direct, viaOuter, viaTop].map((f) => ({ id: f.id, name: f.name })),
    });
  });

  it('answers null when only the name changes, or no published tour reads it', async () => {
    const s = await createSegment(call, t.brandId, 'Renamed', plan('pro'));
    await tour(s.id);
    const renamed = await put(s.id, 'Renamed twice', plan('pro'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed twice' });
    expect(renamed.json().data.membership_change).toBeNull();

    const alone = await createSegment(call, t.brandId, 'Alone', plan('pro'));
    await tour(alone.id, false);
    const changed = await put(alone.id, 'Alone', plan('free'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.definition.conditions[0].value).toBe('free');
    expect(changed.json().data.membership_change).toBeNull();
  });

  it('keeps the save and answers null when the engine cannot count the definition', async () => {
    const s = await createSegment(call, t.brandId, 'Dated', plan('pro'));
    await tour(s.id);
    const dated = {
      type: 'event',
      event_code: 'order_completed',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'anytime' },
      attribute_conditions: [
        { attribute_key: 'paid_at', condition_type: 'before', value: '2026-01-01' },
      ],
      attribute_condition_operator: 'AND',
    };
    const res = await put(s.id, 'Dated', [dated]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.membership_change).toBeNull();
    const read = await call('GET', `/v1/segments/${s.id}`);
    expect(read.json().data.definition.conditions[0]).toMatchObject({ type: 'event' });
  });

  it("another account's segment answers 404 and stays as it was", async () => {
    const s = await createSegment(call, t.brandId, 'Guarded', plan('pro'));
    const f = await tour(s.id);
    const stranger = await createAccount(t.app);
    const refused = await stranger.call(
      'PUT',
      `/v1/segments/${s.id}`,
      aSegmentBody(stranger.brandId, 'Guarded', plan('free')),
    );
    expect(refused.statusCode, refused.body).toBe(404);
    // The owner's save still counts from the untouched definition.
    const res = await put(s.id, 'Guarded', plan('free'));
    expect(res.json().data.membership_change).toEqual({
      gained: 3,
      lost: 2,
      tours: [{ id: f.id, name: f.name }],
    });
  });
});
