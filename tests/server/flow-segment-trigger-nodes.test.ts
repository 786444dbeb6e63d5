import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, setupTwoNodes, TEST_DATABASE_URL, TEST_REDIS_URL } from './helpers';
import { aFlow, aFlowCondition, aSegmentTrigger, aStep } from '../fixtures/flows';
import { aCustomerCondition, aSegmentBody, aSegmentRef, createSegment } from '../fixtures/segments';

/**
 * Two nodes share PostgreSQL and Redis: a segment edited on one changes the segment trigger's
 * decision on the other at once, because a segment save forgets the product's published tours
 * and the segments kept beside them on every node (docs/segments.md, "Targeting tours"). Without
 * the message the other node would keep the old definition for up to 10 s.
 */
describe.skipIf(!TEST_REDIS_URL || !TEST_DATABASE_URL)('segment trigger across two nodes', () => {
  const [one, two] = setupTwoNodes(() => ({ env: { REDIS_URL: TEST_REDIS_URL as string } }));
  beforeAll(async () => {
    await one.app.ctx.publishedFlows.ready();
    await two.app.ctx.publishedFlows.ready();
  });

  it('a segment edited on one node changes the next decision on the other', async () => {
    const { brandId, writeKey, call } = await createAccount(one.app);
    const pro = await createSegment(call, brandId, 'Pro');
    const audience = await createSegment(call, brandId, 'Audience', [aCustomerCondition('pro')]);
    const created = await call('POST', '/v1/flows', {
      ...aFlow({
        brand_id: brandId,
        name: 'Not in audience',
        condition: aFlowCondition(aSegmentTrigger({ segment_id: audience.id, negate: true })),
        display_type: 'every_time',
        steps: [aStep({ id: 's1', content: '<p>Hi</p>' })],
      }),
      publish: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    let visitors = 0;
    const ask = async () => {
      const res = await two.app.inject({
        method: 'POST',
        url: '/v1/flows/available-flow',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({
          writeKey,
          anonymousId: `n${++visitors}`,
          url: 'https://shop.example.com/',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { flow: { id: number } } | null;
    };
    // A visitor without a profile is not a pro: outside the audience, so shown (node two now
    // holds the product's segments).
    expect(await ask()).not.toBeNull();
    // Now everyone who is not a pro is in the audience.
    const edited = await call(
      'PUT',
      `/v1/segments/${audience.id}`,
      aSegmentBody(brandId, 'Audience', [aSegmentRef(pro.id, true)]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    await vi.waitFor(async () => expect(await ask()).toBeNull(), { timeout: 2_000, interval: 50 });
  });
});
