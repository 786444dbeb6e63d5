import { describe, expect, it } from 'vitest';
import { ingest, setupTestAccount } from './helpers';
import { setupReceiver } from './webhooks-receiver';

/**
 * event.<code> takes every code ingestion stores (docs/webhooks.md, "Topics"): spaces inside a
 * code are fine and its events are delivered; an empty code, one with spaces at either end (never
 * stored: ingestion trims) or longer than 255 characters answers 400 saying why.
 */
describe('event.<code> topics', () => {
  const a = setupTestAccount({ env: { WEBHOOK_RETRY_SCHEDULE: '0' } });
  const receiver = setupReceiver();
  const create = (topics: string[], url = 'https://r.example.com/in') =>
    a.call('POST', '/v1/webhooks', { brand_id: a.brandId, url, topics });

  it('subscribes to a code with spaces and delivers its events', async () => {
    const got = await receiver();
    const made = await create(['event.Signed Up'], got.url);
    expect(made.statusCode, made.body).toBe(201);
    const hook = made.json().data as { id: number; topics: string[] };
    expect(hook.topics).toEqual(['event.Signed Up']);

    const res = await ingest(a.app, a.writeKey, '/v1/batch', {
      batch: [
        { type: 'track', userId: 'u1', event: 'Signed Up', properties: { plan: 'pro' } },
        { type: 'track', userId: 'u1', event: 'SignedUp' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await a.app.ctx.batcher.drain();
    await a.app.ctx.jobs.drain();

    const log = (await a.call('GET', `/v1/webhooks/${hook.id}/deliveries`)).json().data;
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ topic: 'event.Signed Up', status: 'succeeded' });
    expect(got.got).toHaveLength(1);
    expect(JSON.parse(got.got[0]!.body)).toMatchObject({
      type: 'event.Signed Up',
      data: { code: 'Signed Up', user_id: 'u1', properties: { plan: 'pro' } },
    });
  });

  it('refuses empty, padded and over-long codes with a message saying why', async () => {
    for (const topic of [
      'event.',
      'event. Signed Up',
      'event.Signed Up ',
      `event.${'x'.repeat(256)}`,
    ]) {
      const res = await create([topic]);
      expect(res.statusCode, topic).toBe(400);
      expect(res.json().message).toContain('event.<code> takes a tracked event code of 1 to 255');
    }
    const longest = await create([`event.${'x'.repeat(255)}`]);
    expect(longest.statusCode, longest.body).toBe(201);
  });
});
