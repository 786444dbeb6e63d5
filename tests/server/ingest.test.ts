import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@/lib/messages';
import { monthOf } from '@/server/modules/profiles/profile-upsert';
import { auth, basic, createAccount, ENGINE, ingest, setupTestAccount } from './helpers';

const t = setupTestAccount();

const tail = async (event: string, brand = t.brandId, tok = t.token) =>
  t.app.inject({
    method: 'GET',
    url: `/v1/tracking-session-data/tail?brand_id=${brand}&event_name=${encodeURIComponent(event)}`,
    headers: auth(tok),
  });
const tailRows = async (event: string) =>
  ((await tail(event)).json() as { data: { data: Record<string, unknown>[] } }).data.data;

const track = (event: string, extra: Record<string, unknown> = {}) => ({
  type: 'track',
  event,
  anonymousId: 'anon-1',
  messageId: randomUUID(),
  properties: { plan: 'pro' },
  ...extra,
});

describe(`ingestion (${ENGINE} + ${'duckdb'})`, () => {
  it('stores a batch and answers {accepted, rejected}', async () => {
    const res = await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: [track('Signed Up'), track('Signed Up', { userId: 'u-1' })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, rejected: [] });
    const rows = await tailRows('Signed Up');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ event: 'Signed Up', properties: { plan: 'pro' } });
  });

  it('keeps the valid events of a batch with one bad event and says which failed', async () => {
    const res = await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: [track('Mixed'), { type: 'track', anonymousId: 'a' }, track('Mixed'), 42],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected).toEqual([
      { index: 1, code: 'missing_event', message: MESSAGES.ingest.missingEvent },
      { index: 3, code: 'invalid_event', message: MESSAGES.ingest.notObject },
    ]);
    expect(await tailRows('Mixed')).toHaveLength(2);
  });

  it('stores a duplicate messageId once', async () => {
    const msg = track('Dup');
    for (let i = 0; i < 3; i++)
      expect((await ingest(t.app, t.writeKey, '/v1/track', msg)).statusCode).toBe(200);
    expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch: [msg, msg] })).statusCode).toBe(
      200,
    );
    expect(await tailRows('Dup')).toHaveLength(1);
  });

  it('answers the bad-input table with 4xx, never 500', async () => {
    const post = (payload: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/batch',
        headers: { ...basic(t.writeKey), ...headers },
        payload,
      });
    const malformed = await post('{"batch": [', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.http.invalidJson);

    const wrongType = await post('<batch/>', { 'content-type': 'application/xml' });
    expect(wrongType.statusCode).toBe(415);

    const big = JSON.stringify({
      batch: [track('Big', { properties: { x: 'y'.repeat(600_000) } })],
    });
    expect((await post(big, { 'content-type': 'application/json' })).statusCode).toBe(413);

    const oversizedEvent = await ingest(t.app, t.writeKey, '/v1/batch', {
      batch: [track('Sized', { properties: { x: 'y'.repeat(40_000) } }), track('Sized')],
    });
    expect(oversizedEvent.statusCode).toBe(200);
    expect(oversizedEvent.json().rejected).toEqual([
      { index: 0, code: 'event_too_large', message: MESSAGES.ingest.eventTooLarge },
    ]);

    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const tooDeep = await ingest(
      t.app,
      t.writeKey,
      '/v1/track',
      track('Deep', { properties: deep }),
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, code: 'too_deep' }],
    });

    // JSON text with a lone surrogate escape: valid JSON, invalid text.
    const lone = `{"type":"track","event":"Lone","anonymousId":"a","properties":{"s":"\\ud800x"}}`;
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { ...basic(t.writeKey), 'content-type': 'application/json' },
      payload: lone,
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().rejected[0].code).toBe('bad_text');

    const noId = await ingest(t.app, t.writeKey, '/v1/track', { event: 'X' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(MESSAGES.ingest.missingId);

    const badTime = await ingest(
      t.app,
      t.writeKey,
      '/v1/track',
      track('T', { timestamp: 'yesterday' }),
    );
    expect(badTime.json().rejected[0].code).toBe('bad_timestamp');

    expect((await ingest(t.app, t.writeKey, '/v1/batch', { batch: [] })).statusCode).toBe(400);
    expect((await ingest(t.app, t.writeKey, '/v1/batch', [1, 2])).statusCode).toBe(400);
  });

  it('strips __proto__, constructor and prototype keys and keeps the rest', async () => {
    const payload = `{"type":"track","event":"Proto","anonymousId":"a","properties":{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"ok":1}}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { ...basic(t.writeKey), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await tailRows('Proto');
    expect(row!.properties).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('authenticates by Basic, Bearer or body writeKey; unknown key 401; CORS for browsers', async () => {
    const body = JSON.stringify(track('Auth'));
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { authorization: `Bearer ${t.writeKey}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['access-control-allow-origin']).toBe('*');
    // What the SDK and sendBeacon send: text/plain, key in the body, no preflight needed.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/v1/batch',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ writeKey: t.writeKey, batch: [track('Auth')] }),
    });
    expect(beacon.statusCode).toBe(200);
    const unknown = await ingest(t.app, 'wk_nope', '/v1/track', track('Auth'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MESSAGES.ingest.unknownKey);
    // Error answers carry CORS headers too, or a browser could not read them.
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(unknown.headers['access-control-expose-headers']).toBe('Retry-After');
    const none = await t.app.inject({
      method: 'POST',
      url: '/v1/track',
      ...{ headers: { 'content-type': 'application/json' } },
      payload: body,
    });
    expect(none.statusCode).toBe(401);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/batch',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    expect(await tailRows('Auth')).toHaveLength(2);
  });

  it('corrects client clock skew from sentAt and rejects timestamps outside the window', async () => {
    const now = Date.now();
    const hour = 3_600_000;
    // The client clock runs 2 h fast: its timestamp and sentAt are both 2 h ahead.
    const skewed = track('Skew', {
      timestamp: new Date(now + 2 * hour - 60_000).toISOString(),
      sentAt: new Date(now + 2 * hour).toISOString(),
    });
    const future = track('Future', { timestamp: new Date(now + 48 * hour).toISOString() });
    const year0 = { userId: 'u-0', type: 'identify', timestamp: '0000-01-01T00:00:00Z' };
    const res = await ingest(t.app, t.writeKey, '/v1/batch', { batch: [skewed, future, year0] });
    const outside = {
      code: 'timestamp_out_of_range',
      message: MESSAGES.ingest.timestampOutOfRange,
    };
    expect(res.json()).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, ...outside },
        { index: 2, ...outside },
      ],
    });
    const [s] = await tailRows('Skew');
    expect(Math.abs(Date.parse(s!.timestamp as string) - (now - 60_000))).toBeLessThan(5_000);
    expect(await tailRows('Future')).toHaveLength(0);
  });

  it('builds profiles from identify and counts monthly active customers once per month', async () => {
    const key = `cust-${randomUUID()}`;
    const before = await t.app.ctx.profiles.monthlyActive(t.userId, monthOf(new Date()));
    await ingest(t.app, t.writeKey, '/v1/page', {
      anonymousId: 'anon-p',
      properties: { url: 'https://shop.example.com/pricing' },
    });
    const context = {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36',
      locale: 'en-GB',
    };
    await ingest(
      t.app,
      t.writeKey,
      '/v1/track',
      track('Bought', { userId: key, anonymousId: 'anon-p', context }),
    );
    const id = await ingest(t.app, t.writeKey, '/v1/identify', {
      userId: key,
      anonymousId: 'anon-p',
      traits: { email: 'ada@example.com', name: 'Ada', plan: 'pro', metadata: { tier: 'gold' } },
      context,
    });
    expect(id.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/customer-profiles?brand_id=${t.brandId}&search=ada@`,
      headers: auth(t.token),
    });
    expect(list.statusCode).toBe(200);
    const [p] = list.json().data.data;
    expect(p).toMatchObject({
      customer_key: key,
      email: 'ada@example.com',
      name: 'Ada',
      anonymous_ids: ['anon-p'],
      metadata: { tier: 'gold' },
      data_attributes: { plan: 'pro', browser: 'Chrome', os: 'Windows', country: 'GB' },
    });
    // Timeline covers the anonymous page view before identify too.
    const tl = await t.app.inject({
      method: 'GET',
      url: `/v1/customer-profiles/${p.id}/events`,
      headers: auth(t.token),
    });
    expect(
      tl
        .json()
        .data.data.map((e: { event: string }) => e.event)
        .sort(),
    ).toEqual(['$identify', '$pageview', 'Bought'].sort());
    const after = await t.app.ctx.profiles.monthlyActive(t.userId, monthOf(new Date()));
    expect(after).toBe(before + 1);
    // The SDK's profile call goes through the same service.
    const pp = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/profile-process',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        writeKey: t.writeKey,
        user_id: key,
        metadata: { tier: 'platinum' },
      }),
    });
    expect(pp.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/v1/customer-profiles/${p.id}`,
      headers: auth(t.token),
    });
    expect(again.json().data.metadata).toEqual({ tier: 'platinum' });
    expect(await t.app.ctx.profiles.monthlyActive(t.userId, monthOf(new Date()))).toBe(before + 1);
  });

  it("keeps brands apart: B's key writes only into B, A cannot read B", async () => {
    const b = await createAccount(t.app, { brand: 'Other' });
    await ingest(t.app, b.writeKey, '/v1/track', track('Secret'));
    expect(await tailRows('Secret')).toHaveLength(0);
    expect((await tail('Secret', b.brandId)).statusCode).toBe(404);
    expect((await tail('Secret', b.brandId, b.token)).json().data.data).toHaveLength(1);
    const bList = await t.app.inject({
      method: 'GET',
      url: `/v1/events?brand_id=${b.brandId}`,
      headers: auth(t.token),
    });
    expect(bList.statusCode).toBe(404);
    const bProfiles = await t.app.inject({
      method: 'GET',
      url: `/v1/customer-profiles?brand_id=${b.brandId}`,
      headers: auth(t.token),
    });
    expect(bProfiles.statusCode).toBe(404);
  });
});

describe('ingestion under failure', () => {
  const small = setupTestAccount({ batcher: { maxPendingRows: 100 } });

  it('answers 429 with Retry-After when the batcher is full, and 503 when the store is down', async () => {
    const many = Array.from({ length: 150 }, () => track('Load'));
    const over = await ingest(small.app, small.writeKey, '/v1/batch', { batch: many });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await small.app.ctx.analytics.close();
    const down = await ingest(small.app, small.writeKey, '/v1/track', track('Down'));
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(MESSAGES.ingest.unavailable);
  });
});
