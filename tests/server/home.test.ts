import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import type { Home } from '@/lib/contracts/home';
import { createAccount, createBrand, ENGINE, ingest, setupTestAccount } from './helpers';
import { aFlow } from '../fixtures/flows';

/** GET /v1/home (docs/home.md): the checklist ticks from real state, the numbers follow. */

const HOUR_MS = 3_600_000;
/** Today 14:00 UTC: an hour before midnight in Tokyo (UTC+9, no daylight saving time). */
const DAY0 = Math.floor(Date.now() / 86_400_000) * 86_400_000;
let clock = DAY0 + 14 * HOUR_MS;

const t = setupTestAccount({ now: () => new Date(clock), brand: false });
const { call } = t;

const home = async (brandId?: number) => {
  const res = await call(
    'GET',
    brandId === undefined ? '/v1/home' : `/v1/home?brand_id=${brandId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Home;
};

const report = (brandId: number) => ({
  brand_id: brandId,
  name: 'Daily signups',
  query: {
    brand_id: brandId,
    type: 'trend',
    series: [{ event: 'Signed Up', measure: 'total' }],
    granularity: 'day',
    date_preset: 'past_7_day',
  },
  chart: { kind: 'line' },
});

describe(`home (${ENGINE})`, () => {
  let brandId: number;
  let writeKey: string;

  it('a new account: nothing done, numbers at zero', async () => {
    const got = await home();
    expect(got).toEqual({
      brand: null,
      checklist: {
        product_created: false,
        snippet_installed: false,
        event_defined: false,
        tour_published: false,
        report_or_link_created: false,
      },
      today: { events: 0 },
      mau: { count: 0, limit: expect.any(Number) },
      live_tours: [],
    });
    const sub = (await call('GET', '/v1/users/me/subscription')).json().data;
    expect(got.mau.limit).toBe(sub.user_quota.mau_limit);
  });

  it('a created product ticks the first step', async () => {
    ({ brandId, writeKey } = await createBrand(t.app, t.token, 'Tokyo shop'));
    const put = await call('PUT', `/v1/brands/${brandId}`, {
      name: 'Tokyo shop',
      domain: 'shop.example.com',
      time_zone: 'Asia/Tokyo',
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await home(brandId);
    expect(got.brand).toEqual({ id: brandId, name: 'Tokyo shop' });
    expect(got.checklist).toEqual({
      product_created: true,
      snippet_installed: false,
      event_defined: false,
      tour_published: false,
      report_or_link_created: false,
    });
    expect(got.today.events).toBe(0);
    // Without a product id only the account-wide step is known.
    expect((await home()).checklist).toMatchObject({
      product_created: true,
      snippet_installed: false,
    });
  });

  it("the first event ticks 'snippet installed'; today counts from midnight in the product's zone", async () => {
    const sent = await ingest(t.app, writeKey, '/v1/track', {
      event: 'Signed Up',
      userId: 'user-1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    let got = await home(brandId);
    expect(got.checklist.snippet_installed).toBe(true);
    expect(got.today.events).toBe(1);

    // 16:00 UTC is 01:00 the next day in Tokyo: the event above was yesterday there.
    clock = DAY0 + 16 * HOUR_MS;
    await ingest(t.app, writeKey, '/v1/page', { anonymousId: 'visitor-1', name: 'Home' });
    clock = DAY0 + 20 * HOUR_MS;
    got = await home(brandId);
    expect(got.today.events).toBe(1);
    expect(got.checklist.snippet_installed).toBe(true);
    // MAU: the identified user, as the billing meter counts it.
    await vi.waitFor(
      async () => {
        const sub = (await call('GET', '/v1/users/me/subscription')).json().data;
        expect((await home(brandId)).mau).toEqual({
          count: sub.user_quota.mau_count,
          limit: sub.user_quota.mau_limit,
        });
        expect(sub.user_quota.mau_count).toBe(1);
      },
      { timeout: 5_000, interval: 100 },
    );
  });

  it('an event definition, a published tour and a saved report tick the rest', async () => {
    const defined = await call('POST', '/v1/events', {
      brand_id: brandId,
      name: 'Signed up',
      code: 'Signed Up',
      attributes: [],
    });
    expect(defined.statusCode, defined.body).toBe(201);
    expect((await home(brandId)).checklist.event_defined).toBe(true);

    // A draft is not a published tour.
    const draft = await call('POST', '/v1/flows', {
      ...aFlow({ brand_id: brandId, publish: false, display_type: 'every_time' }),
      name: 'Draft',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await home(brandId)).checklist.tour_published).toBe(false);
    const live = await call(
      'POST',
      '/v1/flows',
      aFlow({ brand_id: brandId, publish: true, display_type: 'every_time' }),
    );
    expect(live.statusCode, live.body).toBe(201);
    const flowId = (live.json().data as { id: number }).id;
    let got = await home(brandId);
    expect(got.checklist.tour_published).toBe(true);
    expect(got.live_tours).toEqual([{ id: flowId, name: 'Welcome tour', views_this_week: 0 }]);

    // A visitor is shown the tour: one view this week.
    const shown = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/available-flow',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        writeKey,
        anonymousId: 'visitor-2',
        url: 'https://shop.example.com/app',
      }),
    });
    expect(shown.statusCode, shown.body).toBe(200);
    await vi.waitFor(
      async () => expect((await home(brandId)).live_tours[0]?.views_this_week).toBe(1),
      { timeout: 5_000, interval: 100 },
    );

    const saved = await call('POST', '/v1/reports', report(brandId));
    expect(saved.statusCode, saved.body).toBe(201);
    got = await home(brandId);
    expect(got.checklist).toEqual({
      product_created: true,
      snippet_installed: true,
      event_defined: true,
      tour_published: true,
      report_or_link_created: true,
    });
  });

  it("a short link ticks the last step; its clicks do not tick 'snippet installed'", async () => {
    const { brandId: links, call: asMarketer } = await createAccount(t.app, {
      brand: 'Newsletter',
    });
    const created = await asMarketer('POST', '/v1/short-urls', {
      brand_id: links,
      url: 'https://shop.example.com/sale',
    });
    expect(created.statusCode, created.body).toBe(201);
    const visit = await t.app.inject({
      method: 'GET',
      url: `/s/${created.json().data.slug}`,
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      },
    });
    expect(visit.statusCode).toBe(302);
    await t.app.ctx.shortUrlClicks.flush();
    const got = await asMarketer('GET', `/v1/home?brand_id=${links}`);
    expect((got.json().data as Home).checklist).toMatchObject({
      snippet_installed: false,
      report_or_link_created: true,
    });
  });

  it("another owner's product answers 404; a bad product id 400", async () => {
    const { call: other } = await createAccount(t.app, { brand: false });
    const res = await other('GET', `/v1/home?brand_id=${brandId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.brands.notFound);
    // The stranger's own Home knows nothing of it.
    const theirs = (await other('GET', '/v1/home')).json().data as Home;
    expect(theirs.checklist.product_created).toBe(false);

    expect((await call('GET', '/v1/home?brand_id=abc')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/home' });
    expect(anonymous.statusCode).toBe(401);
  });
});
