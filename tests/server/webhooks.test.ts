import { describe, expect, it } from 'vitest';
import { loadEnv } from '@/server/env';
import { createWebhooksRepository } from '@/server/modules/webhooks/webhooks.repository';
import { createAccount, setupTestAccount } from './helpers';

/**
 * Webhook endpoints (docs/webhooks.md, "API"): CRUD scoped to the owner (another account's
 * endpoint answers 404), messages a person can act on, the secret only in the answers to POST and
 * rotate-secret.
 */

describe('webhook endpoints', () => {
  const a = setupTestAccount();

  const create = (body: Record<string, unknown>) =>
    a.call('POST', '/v1/webhooks', { brand_id: a.brandId, ...body });

  it('creates an endpoint and shows its secret once', async () => {
    const res = await create({
      url: 'http://127.0.0.1:9/hook',
      topics: ['flow.completed', 'event.Order_Placed'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      brand_id: a.brandId,
      url: 'http://127.0.0.1:9/hook',
      topics: ['flow.completed', 'event.Order_Placed'],
      enabled: true,
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const one = await a.call('GET', `/v1/webhooks/${made.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).not.toHaveProperty('secret');
    const list = await a.call('GET', `/v1/webhooks?brand_id=${a.brandId}`);
    expect(list.json().data.map((w: { id: number }) => w.id)).toContain(made.id);
    expect(list.body).not.toContain(made.secret);

    const put = await a.call('PUT', `/v1/webhooks/${made.id}`, {
      topics: ['segment.entered'],
      enabled: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ topics: ['segment.entered'], enabled: false });
    expect(put.json().data).not.toHaveProperty('secret');

    const rotated = await a.call('POST', `/v1/webhooks/${made.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(made.secret);

    const del = await a.call('DELETE', `/v1/webhooks/${made.id}`);
    expect(del.statusCode).toBe(200);
    expect((await a.call('GET', `/v1/webhooks/${made.id}`)).statusCode).toBe(404);
  });

  it('answers messages a person can act on', async () => {
    const badTopic = await create({ url: 'http://127.0.0.1:9/hook', topics: ['flow.finished'] });
    expect(badTopic.statusCode).toBe(400);
    expect(badTopic.json().message).toMatch(/"flow.finished" is not a webhook topic/);
    const none = await create({ url: 'http://127.0.0.1:9/hook', topics: [] });
    expect(none.json().message).toMatch(/at least one topic/);
    const twice = await create({
      url: 'http://127.0.0.1:9/hook',
      topics: ['flow.started', 'flow.started'],
    });
    expect(twice.json().message).toMatch(/same topic twice/);
    const noUrl = await create({ topics: ['flow.started'] });
    expect(noUrl.json().message).toMatch(/url is required/);
    const notUrl = await create({ url: 'example.com/hook', topics: ['flow.started'] });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toMatch(/full URL/);
    const creds = await create({ url: 'http://u:p@127.0.0.1/hook', topics: ['flow.started'] });
    expect(creds.json().message).toMatch(/credentials/);
  });

  it('answers 404 for another owner’s endpoint and product', async () => {
    const made = (await create({ url: 'http://127.0.0.1:9/hook', topics: ['flow.started'] })).json()
      .data;
    const other = await createAccount(a.app);
    for (const [method, url] of [
      ['GET', `/v1/webhooks/${made.id}`],
      ['PUT', `/v1/webhooks/${made.id}`],
      ['DELETE', `/v1/webhooks/${made.id}`],
      ['POST', `/v1/webhooks/${made.id}/rotate-secret`],
      ['GET', `/v1/webhooks/${made.id}/deliveries`],
      ['POST', `/v1/webhooks/${made.id}/test`],
      ['POST', `/v1/webhooks/${made.id}/deliveries/1/resend`],
    ] as const) {
      const res = await other.call(method, url, method === 'PUT' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreign = await other.call('POST', '/v1/webhooks', {
      brand_id: a.brandId,
      url: 'http://127.0.0.1:9/hook',
      topics: ['flow.started'],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await other.call('GET', '/v1/webhooks')).json().data).toEqual([]);
    expect((await a.call('GET', `/v1/webhooks/${made.id}`)).json().data.enabled).toBe(true);
  });

  it('the repository filters by owner too, whatever the service checked', async () => {
    const made = (await create({ url: 'http://127.0.0.1:9/hook', topics: ['flow.started'] })).json()
      .data;
    const stranger = await createAccount(a.app, { brand: false });
    const repo = createWebhooksRepository(a.database.db);
    expect(await repo.findOwned(stranger.userId, made.id)).toBeNull();
    expect(await repo.updateOwned(stranger.userId, made.id, { enabled: false })).toBeNull();
    expect(await repo.deleteOwned(stranger.userId, made.id)).toBe(false);
    expect(await repo.list(stranger.userId)).toEqual([]);
    expect((await repo.findOwned(a.userId, made.id))?.enabled).toBe(true);
  });
});

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('defaults to the Svix ladder and refuses anything but seconds separated by commas', () => {
    expect(loadEnv({}).WEBHOOK_RETRY_SCHEDULE).toEqual([
      0, 5, 300, 1800, 7200, 18000, 36000, 36000,
    ]);
    expect(loadEnv({ WEBHOOK_RETRY_SCHEDULE: '0, 0,0' }).WEBHOOK_RETRY_SCHEDULE).toEqual([0, 0, 0]);
    expect(() => loadEnv({ WEBHOOK_RETRY_SCHEDULE: '5 minutes' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas/,
    );
  });
});
