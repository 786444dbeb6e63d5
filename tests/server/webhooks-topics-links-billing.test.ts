import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createBrand,
  ingest,
  request,
  setupTestApp,
  signUpVerified,
  type TestAccount,
} from './helpers';
import { loadCatalogue, type Catalogue } from './billing-helpers';
import { setupReceiver, type Received } from './webhooks-receiver';

/**
 * link.clicked (a person's click on a short link), subscription.updated (an account's plan
 * changed, sent to each of its products that subscribes) and customer.updated from metadata set
 * through the API (docs/webhooks.md, "Topics"): verified with the unmodified standardwebhooks
 * library, never sent to disabled or unsubscribed endpoints nor to another account's.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const DAY = 24 * 3600 * 1000;
let clock = new Date('2025-03-01T10:00:00.000Z');

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

describe('webhook topics of links, billing and profiles', () => {
  const t = setupTestApp({ now: () => clock, env: { WEBHOOK_RETRY_SCHEDULE: '0' } });
  const receiver = setupReceiver();
  let body: Catalogue['body'];
  beforeAll(async () => {
    ({ body } = await loadCatalogue(t.app));
  });

  it('sends link.clicked for a person’s click, not a bot’s, to subscribed endpoints alone', async () => {
    const [mine, disabled, theirs] = await Promise.all([receiver(), receiver(), receiver()]);
    const a = await createAccount(t.app, { brand: 'Links' });
    const b = await createAccount(t.app, { brand: 'Their links' });
    const hook = await endpoint(a, a.brandId, mine.url, ['link.clicked']);
    await endpoint(a, a.brandId, disabled.url, ['link.clicked'], false);
    await endpoint(b, b.brandId, theirs.url, ['link.clicked']);
    const made = await a.call('POST', '/v1/short-urls', {
      brand_id: a.brandId,
      url: 'https://shop.example.com/sale',
      slug: 'hook-sale',
    });
    expect(made.statusCode, made.body).toBe(201);
    const visit = (ua: string) =>
      t.app.inject({
        method: 'GET',
        url: '/s/hook-sale?utm_source=mail',
        remoteAddress: '203.0.113.9',
        headers: { 'user-agent': ua, referer: 'https://news.example.org/post' },
      });
    expect((await visit(CHROME)).statusCode).toBe(302);
    expect((await visit('Slackbot-LinkExpanding 1.0')).statusCode).toBe(302);
    await t.app.ctx.shortUrlClicks.flush();
    await t.app.ctx.jobs.drain();

    expect(mine.got).toHaveLength(1);
    const clicked = verify(hook.secret, mine.got[0]!);
    expect(clicked).toMatchObject({
      type: 'link.clicked',
      data: {
        link_id: made.json().data.id,
        slug: 'hook-sale',
        target: 'https://shop.example.com/sale',
        customer_id: null,
        unique: true,
        referrer: 'news.example.org',
        utm: { source: 'mail' },
        at: clock.toISOString(),
      },
    });
    expect(clicked.data.visitor_id).toMatch(/^lv_/);
    expect(mine.got[0]!.body).not.toContain('203.0.113.9');
    expect(disabled.got).toHaveLength(0);
    expect(theirs.got).toHaveLength(0);
  });

  it('sends subscription.updated to every product of the account that subscribes', async () => {
    const [first, second, unsubscribed, disabled, theirs] = await Promise.all(
      Array.from({ length: 5 }, () => receiver()),
    );
    const u = await signUpVerified(t.app);
    const api = request(t.app, u.token);
    const owner = { call: api };
    const p1 = await createBrand(t.app, u.token, 'One');
    const hook1 = await endpoint(owner, p1.brandId, first.url, ['subscription.updated']);
    await endpoint(owner, p1.brandId, disabled.url, ['subscription.updated'], false);
    const stranger = await createAccount(t.app, { brand: 'Stranger' });
    await endpoint(stranger, stranger.brandId, theirs.url, ['subscription.updated']);
    const card = await api('POST', '/v1/users/me/payment-methods', {
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(card.statusCode, card.body).toBe(201);

    // Free → Starter: the payment settles, the plan changes.
    expect((await api('POST', '/v1/payments/check-out', body('starter'))).statusCode).toBe(200);
    await t.app.ctx.provider.drain();
    await t.app.ctx.jobs.drain();
    expect(first.got).toHaveLength(1);
    const upgraded = verify(hook1.secret, first.got[0]!);
    expect(upgraded).toMatchObject({
      type: 'subscription.updated',
      data: {
        brand_id: p1.brandId,
        plan: { code: 'starter', name: 'Starter' },
        status: 'active',
        previous: { plan: { code: 'free' }, current_period_end: null },
        scheduled_plan: null,
      },
    });
    expect(upgraded.data.changed).toEqual(expect.arrayContaining(['plan', 'current_period']));

    // Starter allows more products: a second one subscribes, a third listens to clicks only.
    const p2 = await createBrand(t.app, u.token, 'Two');
    const hook2 = await endpoint(owner, p2.brandId, second.url, ['subscription.updated']);
    const p3 = await createBrand(t.app, u.token, 'Three');
    await endpoint(owner, p3.brandId, unsubscribed.url, ['link.clicked']);

    // Cancel: Free is scheduled for the period end; then the period ends.
    expect((await api('POST', '/v1/payments/check-out', body('free'))).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    clock = new Date(clock.getTime() + 32 * DAY);
    expect((await api('GET', '/v1/users/me/subscription')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();

    expect(first.got).toHaveLength(3);
    expect(second.got).toHaveLength(2);
    const scheduled = verify(hook2.secret, second.got[0]!);
    expect(scheduled).toMatchObject({
      type: 'subscription.updated',
      data: {
        brand_id: p2.brandId,
        plan: { code: 'starter' },
        scheduled_plan: { code: 'free' },
        changed: ['scheduled_plan'],
      },
    });
    const ended = verify(hook2.secret, second.got[1]!);
    expect(ended.data).toMatchObject({
      brand_id: p2.brandId,
      plan: { code: 'free' },
      scheduled_plan: null,
      previous: { plan: { code: 'starter' }, scheduled_plan: { code: 'free' } },
    });
    expect(verify(hook1.secret, first.got[2]!).data).toMatchObject({
      brand_id: p1.brandId,
      plan: { code: 'free' },
    });
    expect(unsubscribed.got).toHaveLength(0);
    expect(disabled.got).toHaveLength(0);
    expect(theirs.got).toHaveLength(0);
  });

  it('sends customer.updated when metadata set through the API changes a profile', async () => {
    const r = await receiver();
    const a = await createAccount(t.app, { brand: 'Profiles' });
    const hook = await endpoint(a, a.brandId, r.url, ['customer.updated']);
    const defined = await a.call('POST', '/v1/metadata-attributes', {
      brand_id: a.brandId,
      custom_field_name: 'tier',
      name: 'Tier',
      data_type: 'string',
    });
    expect(defined.statusCode, defined.body).toBe(201);
    const batch = [{ type: 'identify', userId: 'cleo', traits: { name: 'Cleo' } }];
    expect((await ingest(t.app, a.writeKey, '/v1/batch', { batch })).statusCode).toBe(200);
    await t.app.ctx.batcher.drain();
    const list = await a.call('GET', `/v1/customer-profiles?brand_id=${a.brandId}`);
    const id = (list.json().data.data as { id: number }[])[0]!.id;
    const set = (tier: string) =>
      a.call('PUT', `/v1/customer-profiles/${id}/metadata`, { metadata: { tier } });
    expect((await set('gold')).statusCode).toBe(200);
    expect((await set('gold')).statusCode).toBe(200); // the same value: no change
    await t.app.ctx.jobs.drain();
    expect(r.got).toHaveLength(1);
    expect(verify(hook.secret, r.got[0]!)).toMatchObject({
      type: 'customer.updated',
      data: {
        customer_id: 'cleo',
        profile_id: id,
        metadata: { tier: 'gold' },
        changed: ['metadata.tier'],
      },
    });
  });
});
