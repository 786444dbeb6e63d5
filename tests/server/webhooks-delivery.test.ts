import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import type { Lookup } from '@/server/modules/webhooks/destination-guard';
import { createAccount, setupTestAccount, type TestAccount } from './helpers';
import { setupReceiver, type Received } from './webhooks-receiver';

/**
 * Webhook deliveries on the job queue (docs/webhooks.md): a receiver on 127.0.0.1 built on the
 * unmodified `standardwebhooks` library verifies every delivery; the compressed retry ladder
 * (WEBHOOK_RETRY_SCHEDULE=0,0,0) retries with the same webhook-id; 410 disables; a product's
 * endpoint never receives another product's messages. `jobs.drain()` runs the attempts.
 */

const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers);

async function endpoint(a: Pick<TestAccount, 'call' | 'brandId'>, url: string, topics: string[]) {
  const res = await a.call('POST', '/v1/webhooks', { brand_id: a.brandId, url, topics });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string };
}

describe('webhook deliveries', () => {
  const now = { at: new Date() };
  const a = setupTestAccount({
    env: { WEBHOOK_RETRY_SCHEDULE: '0,0,0' },
    now: () => now.at,
  });
  const receiver = setupReceiver();
  const publish = (topic: string, data: unknown, brandId = a.brandId) =>
    a.app.ctx.webhookDelivery.publish(brandId, topic, data);
  const log = async (id: number) =>
    (await a.call('GET', `/v1/webhooks/${id}/deliveries`)).json().data;

  it('signs every delivery so the standardwebhooks library verifies it, and refuses a tampered body or an old timestamp', async () => {
    const r = await receiver();
    const hook = await endpoint(a, r.url, ['segment.entered', 'flow.completed']);
    await publish('segment.entered', { segment_id: 3, customer_id: 'u1' });
    await publish('flow.completed', { flow_id: 9 });
    await publish('customer.deleted', { customer_id: 'u2' }); // not subscribed
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(2);
    for (const got of r.got) expect(verify(hook.secret, got)).toHaveProperty('type');
    expect(verify(hook.secret, r.got[0]!)).toMatchObject({
      type: 'segment.entered',
      data: { segment_id: 3, customer_id: 'u1' },
    });
    expect(() =>
      verify(hook.secret, { ...r.got[0]!, body: r.got[0]!.body.replace('u1', 'u9') }),
    ).toThrow();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      expect(() => verify(hook.secret, r.got[0]!)).toThrow(/timestamp/i);
    } finally {
      vi.useRealTimers();
    }
    const page = await log(hook.id);
    expect(page.total).toBe(2);
    expect(page.data.map((d: { status: string }) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('retries a receiver answering 500, 500, 200 with the same webhook-id: 3 attempts, one success', async () => {
    const r = await receiver([500, 500, 200]);
    const hook = await endpoint(a, r.url, ['flow.dismissed']);
    await publish('flow.dismissed', { flow_id: 1 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(3);
    expect(new Set(r.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    for (const got of r.got) verify(hook.secret, got);
    const page = await log(hook.id);
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      last_status_code: 200,
      message_id: r.got[0]!.headers['webhook-id'],
    });
  });

  it('fails a message after the last step of the ladder, and honours a longer Retry-After', async () => {
    const r = await receiver([500]);
    const hook = await endpoint(a, r.url, ['flow.started']);
    await publish('flow.started', { flow_id: 1 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(3);
    expect((await log(hook.id)).data[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_status_code: 500,
      last_response: 'failed 3',
    });

    const later = await receiver([503], { 'retry-after': '120' });
    const slow = await endpoint(a, later.url, ['flow.started']);
    const before = Date.now();
    await publish('flow.started', { flow_id: 2 });
    await a.app.ctx.jobs.drain();
    expect(later.got).toHaveLength(1);
    const waiting = (await log(slow.id)).data[0];
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
    expect(Date.parse(waiting.next_attempt_at)).toBeGreaterThanOrEqual(before + 120_000);
    await a.call('PUT', `/v1/webhooks/${slow.id}`, { enabled: false });
  });

  it('signs with both secrets for the overlap after a rotation', async () => {
    const r = await receiver();
    const hook = await endpoint(a, r.url, ['customer.deleted']);
    const rotated = (await a.call('POST', `/v1/webhooks/${hook.id}/rotate-secret`)).json().data;
    await publish('customer.deleted', { customer_id: 'u3' });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
    expect(r.got[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(hook.secret, r.got[0]!)).toMatchObject({ type: 'customer.deleted' });
    expect(verify(rotated.secret, r.got[0]!)).toMatchObject({ type: 'customer.deleted' });
  });

  it('disables an endpoint answering 410 Gone, without retrying', async () => {
    const r = await receiver([410]);
    const hook = await endpoint(a, r.url, ['segment.exited']);
    await publish('segment.exited', { segment_id: 1 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
    expect((await log(hook.id)).data[0]).toMatchObject({ status: 'failed', attempts: 1 });
    const after = (await a.call('GET', `/v1/webhooks/${hook.id}`)).json().data;
    expect(after).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/410/) });
    await publish('segment.exited', { segment_id: 2 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
  });

  it('sends a test event, and resends a message under the same id', async () => {
    const r = await receiver([200]);
    const hook = await endpoint(a, r.url, ['link.clicked']);
    const test = await a.call('POST', `/v1/webhooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await a.app.ctx.jobs.drain();
    expect(verify(hook.secret, r.got[0]!)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: hook.id },
    });
    const id = test.json().data.id;
    const resent = await a.call('POST', `/v1/webhooks/${hook.id}/deliveries/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(2);
    expect(r.got[1]!.headers['webhook-id']).toBe(r.got[0]!.headers['webhook-id']);
    expect(r.got[1]!.body).toBe(r.got[0]!.body);
    expect((await log(hook.id)).data[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    const missing = await a.call('POST', `/v1/webhooks/${hook.id}/deliveries/999999/resend`);
    expect(missing.statusCode).toBe(404);
  });

  it('never sends one product’s messages to another product’s endpoint', async () => {
    const mine = await receiver();
    const theirs = await receiver();
    const other = await createAccount(a.app);
    await endpoint(a, mine.url, ['customer.updated']);
    await endpoint(other, theirs.url, ['customer.updated']);
    await publish('customer.updated', { customer_id: 'u1' });
    await a.app.ctx.jobs.drain();
    expect(mine.got).toHaveLength(1);
    expect(theirs.got).toHaveLength(0);
    await publish('customer.updated', { customer_id: 'x' }, other.brandId);
    await a.app.ctx.jobs.drain();
    expect(mine.got).toHaveLength(1);
    expect(theirs.got).toHaveLength(1);
  });

  it('disables an endpoint failing for five days and e-mails the owner; drops messages after 30 days', async () => {
    const r = await receiver([500]);
    const hook = await endpoint(a, r.url, ['subscription.updated']);
    await publish('subscription.updated', { plan: 'pro' });
    await a.app.ctx.jobs.drain();
    expect((await a.call('GET', `/v1/webhooks/${hook.id}`)).json().data.enabled).toBe(true);
    now.at = new Date(now.at.getTime() + 5 * 24 * 3600_000 + 60_000);
    await publish('subscription.updated', { plan: 'team' });
    await a.app.ctx.jobs.drain();
    const after = (await a.call('GET', `/v1/webhooks/${hook.id}`)).json().data;
    expect(after).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/five days/),
    });
    await a.app.ctx.mail.drain();
    const mails = await a.app.ctx.outbox.latest();
    expect(
      mails.find((m) => m.to === a.email && /Webhook endpoint disabled/.test(m.subject)),
    ).toBeTruthy();

    now.at = new Date(now.at.getTime() + 31 * 24 * 3600_000);
    expect(await a.app.ctx.webhookDelivery.purge()).toBeGreaterThan(0);
    expect((await log(hook.id)).total).toBe(0);
  });
});

/** A resolver answering fixed addresses for every name (DNS is an edge we do not own). */
const resolvesTo =
  (...addresses: string[]): Lookup =>
  (_host, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: 4 })),
    );

describe('webhook destinations on a public APP_URL', () => {
  const a = setupTestAccount({
    env: {
      APP_URL: 'https://signpost.example.com',
      SHORT_URL_BASE_URL: 'https://go.signpost-links.example',
      MAIL_TRANSPORT: 'outbox',
      PAYMENT_PROVIDER: 'local',
      WEBHOOK_RETRY_SCHEDULE: '0,0,0',
    },
    webhookResolve: resolvesTo('127.0.0.1'),
  });
  const receiver = setupReceiver();

  it('refuses private destinations when saved, and a name resolving to 127.0.0.1 when sent', async () => {
    const r = await receiver();
    for (const [url, message] of [
      [r.url, /https/],
      [`https://127.0.0.1:${r.port}/hook`, /public addresses/],
      ['https://localhost/hook', /public host name/],
    ] as const) {
      const res = await a.call('POST', '/v1/webhooks', {
        brand_id: a.brandId,
        url,
        topics: ['flow.completed'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const hook = await endpoint(a, `https://hooks.example.com:${r.port}/hook`, ['flow.completed']);
    await a.app.ctx.webhookDelivery.publish(a.brandId, 'flow.completed', { flow_id: 1 });
    await a.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(0);
    const page = (await a.call('GET', `/v1/webhooks/${hook.id}/deliveries`)).json().data;
    expect(page.data[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(page.data[0].last_response).toMatch(/127\.0\.0\.1/);
  });
});
