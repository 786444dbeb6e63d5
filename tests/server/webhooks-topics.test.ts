import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { FLOW_EVENTS, flowEventRow } from '@/server/modules/flows/runtime/flow-events';
import { ingest, setupTestAccount } from './helpers';
import { setupReceiver } from './webhooks-receiver';

/**
 * Topics emitted by other modules (docs/webhooks.md, "Topics"): the membership sweep publishes
 * segment.entered, the erasure job customer.deleted (without the customer's id), the flow event
 * queue the flow.* topics of the events it writes.
 */

describe('webhook topics', () => {
  let clock = Date.now();
  const a = setupTestAccount({
    now: () => new Date(clock),
    segmentCounts: false,
    env: { WEBHOOK_RETRY_SCHEDULE: '0' },
  });
  const receiver = setupReceiver();

  it('publishes segment.entered from the sweep and customer.deleted from an erasure', async () => {
    const r = await receiver();
    const made = await a.call('POST', '/v1/webhooks', {
      brand_id: a.brandId,
      url: r.url,
      topics: ['segment.entered', 'customer.deleted'],
    });
    const { secret } = made.json().data as { secret: string };
    const batch = [
      { type: 'identify', userId: 'buyer', traits: { name: 'Buyer' } },
      { type: 'track', userId: 'buyer', event: 'Order' },
    ];
    expect((await ingest(a.app, a.writeKey, '/v1/batch', { batch })).json().accepted).toBe(2);
    const segment = await a.call('POST', '/v1/segments', {
      brand_id: a.brandId,
      name: 'Buyers',
      definition: {
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
      },
    });
    expect(segment.statusCode, segment.body).toBe(201);
    clock += 60_000;
    expect(await a.app.ctx.segmentMembership.sweep()).toMatchObject({ entered: 1 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
    expect(new Webhook(secret).verify(r.got[0]!.body, r.got[0]!.headers)).toMatchObject({
      type: 'segment.entered',
      data: { segment_id: segment.json().data.id, customer_id: 'buyer' },
    });

    const profiles = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}`);
    const id = (profiles.json().data.data as { id: number }[])[0]!.id;
    const erase = await a.call('POST', `/v1/customer-profiles/${id}/erase`, { mode: 'delete' });
    expect(erase.statusCode, erase.body).toBe(202);
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(2);
    const deleted = new Webhook(secret).verify(r.got[1]!.body, r.got[1]!.headers);
    expect(deleted).toMatchObject({
      type: 'customer.deleted',
      data: { erasure_id: erase.json().data.id, mode: 'delete' },
    });
    expect(r.got[1]!.body).not.toContain('buyer');
  });

  it('publishes flow.completed from the written flow events, only to its subscribers', async () => {
    const r = await receiver();
    const made = await a.call('POST', '/v1/webhooks', {
      brand_id: a.brandId,
      url: r.url,
      topics: ['flow.completed'],
    });
    const { secret } = made.json().data as { secret: string };
    const session = {
      id: 'session-1',
      brandId: a.brandId,
      flowId: 42,
      visitorKey: 'visitor-1',
      userId: 'visitor-1',
      anonymousId: null,
    };
    const at = new Date();
    a.app.ctx.flowEvents.push(a.userId, [
      flowEventRow(session, FLOW_EVENTS.stepSeen, at, { stepId: 's1', stepIndex: 0 }),
      flowEventRow(session, FLOW_EVENTS.completed, at, { stepId: 's1', stepIndex: 0 }),
      flowEventRow({ ...session, id: 'session-2' }, FLOW_EVENTS.dismissed, at, {}),
    ]);
    await a.app.ctx.flowEvents.flush();
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
    expect(new Webhook(secret).verify(r.got[0]!.body, r.got[0]!.headers)).toMatchObject({
      type: 'flow.completed',
      data: { flow_id: 42, session_id: 'session-1', step_id: 's1', user_id: 'visitor-1' },
    });
  });
});
