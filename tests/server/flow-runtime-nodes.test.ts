import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, setupTwoNodes, TEST_DATABASE_URL, TEST_REDIS_URL } from './helpers';
import { aButton, aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

/**
 * Two nodes share PostgreSQL and Redis: a tour unpublished on one stops on the other at once,
 * because the node that changed it tells every node through Redis to forget the product's
 * published tours (docs/adr/0012-flow-runtime-cost.md). Without the message the other node
 * would keep its copy for up to 10 s.
 */
describe.skipIf(!TEST_REDIS_URL || !TEST_DATABASE_URL)('flow runtime across two nodes', () => {
  const [one, two] = setupTwoNodes(() => ({ env: { REDIS_URL: TEST_REDIS_URL as string } }));
  beforeAll(async () => {
    await one.app.ctx.publishedFlows.ready();
    await two.app.ctx.publishedFlows.ready();
  });

  it('unpublishing on one node ends the tour on the other within the poll', async () => {
    const { brandId, writeKey, call } = await createAccount(one.app);
    const created = await call('POST', '/v1/flows', {
      ...aFlow({
        brand_id: brandId,
        name: 'Everywhere',
        condition: aFlowCondition(aUrlTrigger({ value: '/' })),
        display_type: 'every_time',
        steps: [
          aStep({
            id: 's1',
            content: '<p>Hi</p>',
            buttons: [aButton({ id: 'b', label: 'OK', background_color: '#111111' })],
          }),
        ],
      }),
      publish: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const flow = created.json().data as Record<string, unknown>;
    const ask = async (visitor: string) => {
      const res = await two.app.inject({
        method: 'POST',
        url: '/v1/flows/available-flow',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({
          writeKey,
          anonymousId: visitor,
          url: 'https://shop.example.com/',
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { session: { id: string } } | null;
    };
    // Node two has the product's published tours in memory now.
    expect(await ask('n1')).not.toBeNull();
    expect(await ask('n2')).not.toBeNull();
    const off = await call('PUT', `/v1/flows/${flow.id}`, { ...flow, publish: false });
    expect(off.statusCode, off.body).toBe(200);
    await vi.waitFor(async () => expect(await ask('n1')).toBeNull(), {
      timeout: 2_000,
      interval: 50,
    });
    expect(await ask('n3')).toBeNull();
  });
});
