import { beforeAll, describe, expect, it } from 'vitest';
import type { Realtime } from '@/server/realtime/notifier';
import { brands, builderSessions } from '@/server/db/schema';
import { BUILDER_TARGET_EVENT } from '@/lib/contracts/builder-constants';
import { MESSAGES } from '@/lib/messages';
import { aFlow, aStep } from '../fixtures/flows';
import { createAccount, ENGINE, setupTestAccount, type TestAccount } from './helpers';

// The builder on the customer's site (docs/builder.md): launch codes, builder tokens, targets.
let offset = 0;
const emitted: { userId: string; event: string; payload: unknown }[] = [];
const realtime: Realtime = {
  emitToUser: (userId, event, payload) => void emitted.push({ userId, event, payload }),
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};
const t = setupTestAccount({ now: () => new Date(Date.now() + offset), notifier: realtime });
const { call } = t;
let stranger: TestAccount;
let flowId: number;
const PAGE = 'https://app.shop.example.com/cart?x=1';
const ORIGIN = 'https://app.shop.example.com';
const OLD_TARGET = { url: '/cart', selector: '#old' };

const newFlow = async (account: Pick<TestAccount, 'call'>, brandId: number) => {
  const res = await account.call(
    'POST',
    '/v1/flows',
    aFlow({
      brand_id: brandId,
      steps: [
        aStep({ id: 's1', type: 'tool_tip', select_element: OLD_TARGET }),
        aStep({ id: 's2', type: 'tool_tip', select_element: { url: '/', selector: '#two' } }),
      ],
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};

const launch = (
  body: Partial<{ step_id: string; url: string; mode: string }> = {},
  id = flowId,
  as = call,
) =>
  as('POST', `/v1/flows/${id}/builder-sessions`, {
    step_id: 's1',
    url: PAGE,
    mode: 'pick',
    ...body,
  });

const codeOf = (openUrl: string) => /#signpost-builder=([A-Za-z0-9_-]+)$/.exec(openUrl)![1]!;

const exchange = (code: string, origin = ORIGIN, writeKey = t.writeKey) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/builder/exchange',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    payload: JSON.stringify({ code, write_key: writeKey }),
  });

/** A fresh builder token for step s1 (or what `body` says) of the test flow. */
const tokenFor = async (body: Parameters<typeof launch>[0] = {}, id = flowId) => {
  const launched = await launch(body, id);
  expect(launched.statusCode).toBe(201);
  const res = await exchange(
    codeOf(launched.json().data.open_url),
    body.url ? new URL(body.url).origin : ORIGIN,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

const putTarget = (
  token: string,
  stepId = 's1',
  select_element: unknown = { url: '/cart', selector: '[data-testid="buy"]' },
  origin = ORIGIN,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/builder/steps/${stepId}/target`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(origin ? { origin } : {}),
    },
    payload: JSON.stringify({ select_element }),
  });

beforeAll(async () => {
  stranger = await createAccount(t.app, { brand: 'Theirs' });
  const sources = await call('PUT', `/v1/brands/${t.brandId}/sources`, {
    allowed_origins: ['https://partner.example', 'staging.example.net'],
    require_signed_identity: false,
  });
  expect(sources.statusCode).toBe(200);
  flowId = await newFlow(t, t.brandId);
});

describe(`builder sessions (${ENGINE})`, () => {
  it('launches a session: the page with a 128-bit one-time code in its fragment, for 60 s', async () => {
    const before = Date.now();
    const res = await launch();
    expect(res.statusCode).toBe(201);
    const { open_url, expires_at } = res.json().data;
    expect(open_url).toMatch(/^https:\/\/app\.shop\.example\.com\/cart\?x=1#signpost-builder=/);
    expect(Buffer.from(codeOf(open_url), 'base64url')).toHaveLength(16);
    const ttl = Date.parse(expires_at) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
    // Two launches never share a code.
    expect(codeOf((await launch()).json().data.open_url)).not.toBe(codeOf(open_url));
  });

  it('opens only on origins the product trusts, matched exactly', async () => {
    const accepted = [
      'https://shop.example.com/',
      'https://eu.app.shop.example.com:8443/x',
      'https://partner.example/tour',
      'http://staging.example.net:8080/',
      'http://localhost:3000/app',
      'http://127.0.0.1:8080/',
    ];
    for (const url of accepted) expect((await launch({ url })).statusCode, url).toBe(201);
    const refused = [
      'https://app.shop.example.com.evil.com/',
      'https://shop.example.co/',
      'http://partner.example/',
      'https://partner.example:8443/',
      'https://x.staging.example.net/',
      'https://evil.example/',
    ];
    for (const url of refused) {
      const res = await launch({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('origin_not_allowed');
      expect(res.json().message).toBe(MESSAGES.builder.originRefused(new URL(url).origin));
      expect(res.json().message).toContain('Product Tracking → Sources');
    }
    for (const url of [
      'javascript:alert(1)',
      '/cart',
      'file:///etc/passwd',
      'https://u:p@shop.example.com/',
    ]) {
      const res = await launch({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('url_invalid');
    }
    expect((await launch({ mode: 'edit' })).statusCode).toBe(400);
    const missingStep = await launch({ step_id: 'nope' });
    expect(missingStep.statusCode).toBe(400);
    expect(missingStep.json().message).toBe(MESSAGES.builder.stepNotFound);
  });

  it("is owner-scoped: another account's flow answers 404", async () => {
    expect((await launch({}, flowId, stranger.call)).statusCode).toBe(404);
    const theirs = await newFlow(stranger, stranger.brandId);
    expect((await launch({}, theirs)).statusCode).toBe(404);
    expect((await launch({}, 999_999)).statusCode).toBe(404);
  });

  it('exchanges a code once, from its origin only, for a 15-minute token', async () => {
    const code = codeOf((await launch()).json().data.open_url);
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const data = res.json().data;
    expect(data).toMatchObject({
      flow_id: flowId,
      step_id: 's1',
      brand_id: t.brandId,
      mode: 'pick',
      origin: ORIGIN,
      step_type: 'tool_tip',
      select_element: OLD_TARGET,
    });
    const ttl = Date.parse(data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
    // Single use: the same code again is refused.
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      code: 'builder_code_invalid',
      message: MESSAGES.builder.codeInvalid,
    });
    expect((await exchange('not-a-code')).statusCode).toBe(401);
  });

  it("refuses a code taken by another product's snippet (an account may list any site), and spends it", async () => {
    // An account that lists someone else's site as allowed still cannot open its builder there:
    // the page's snippet carries that site's own write key, not the session's product's.
    const code = codeOf((await launch()).json().data.open_url);
    const res = await exchange(code, ORIGIN, stranger.writeKey);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'builder_wrong_product',
      message: MESSAGES.builder.wrongProduct,
    });
    expect((await exchange(code)).statusCode).toBe(401);
    const unknown = codeOf((await launch()).json().data.open_url);
    expect((await exchange(unknown, ORIGIN, 'wk_nobody_has_this_key_0000')).statusCode).toBe(403);
    const none = codeOf((await launch()).json().data.open_url);
    expect((await exchange(none, ORIGIN, '')).statusCode).toBe(400);
  });

  it('refuses a code from another origin, and the refused try spends it', async () => {
    const code = codeOf((await launch()).json().data.open_url);
    // '' sends no Origin at all.
    for (const origin of ['https://evil.example', 'http://app.shop.example.com', '']) {
      const res = await exchange(code, origin);
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json().code).toBe('builder_wrong_origin');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('refuses a code after 60 s', async () => {
    const code = codeOf((await launch()).json().data.open_url);
    offset += 61_000;
    try {
      const res = await exchange(code);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('builder_code_invalid');
    } finally {
      offset -= 61_000;
    }
  });

  it("binds the code to its product: a tour moved to another product is out of the code's reach", async () => {
    // A second product of the same owner, written directly: the free plan holds one.
    const [second] = await t.app.ctx.database.db
      .insert(brands)
      .values({
        ownerId: t.userId,
        name: 'Second',
        domain: 'shop.example.com',
        writeKey: `wk-second-${Date.now()}`,
      })
      .returning();
    const brandB = second!.id;
    const moving = await newFlow(t, t.brandId);
    const code = codeOf((await launch({}, moving)).json().data.open_url);
    const token = await tokenFor({}, moving);
    const flow = (await call('GET', `/v1/flows/${moving}`)).json().data;
    expect(
      (await call('PUT', `/v1/flows/${moving}`, { ...flow, brand_id: brandB })).statusCode,
    ).toBe(200);
    expect((await exchange(code)).statusCode).toBe(404);
    expect((await putTarget(token)).statusCode).toBe(404);
    const after = (await call('GET', `/v1/flows/${moving}`)).json().data;
    expect(after.steps[0].select_element).toEqual(OLD_TARGET);
  });

  it("saves the token's step target in the tour and tells the owner's editor", async () => {
    const token = await tokenFor();
    emitted.length = 0;
    const target = { url: '/cart', selector: '[data-testid="buy"]' };
    const res = await putTarget(token, 's1', target);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const saved = res.json().data;
    expect(saved).toMatchObject({ flow_id: flowId, step_id: 's1', select_element: target });
    const flow = (await call('GET', `/v1/flows/${flowId}`)).json().data;
    expect(flow.steps[0].select_element).toEqual(target);
    expect(flow.steps[1].select_element).toEqual({ url: '/', selector: '#two' });
    expect(emitted).toEqual([{ userId: t.userId, event: BUILDER_TARGET_EVENT, payload: saved }]);
    // The token works again within its 15 minutes (the marketer picks again).
    expect((await putTarget(token, 's1', { url: '/cart', selector: '#buy' })).statusCode).toBe(200);
  });

  it("refuses a target outside the token's step, origin, mode or lifetime", async () => {
    const token = await tokenFor();
    const other = await putTarget(token, 's2');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({
      code: 'builder_other_step',
      message: MESSAGES.builder.otherStep,
    });
    expect((await putTarget(token, 's1', undefined, 'https://evil.example')).statusCode).toBe(403);
    expect((await putTarget(token, 's1', undefined, '')).statusCode).toBe(403);
    expect((await putTarget(t.token)).statusCode).toBe(401);
    // The builder token is no dashboard session.
    const dashboard = await t.app.inject({
      method: 'GET',
      url: `/v1/flows/${flowId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dashboard.statusCode).toBe(401);
    expect((await putTarget('')).statusCode).toBe(401);
    expect((await putTarget(token, 's1', { url: '/cart' })).statusCode).toBe(400);
    const preview = await tokenFor({ mode: 'preview' });
    expect((await putTarget(preview)).json().code).toBe('builder_preview_only');
    offset += 15 * 60_000 + 1_000;
    try {
      const late = await putTarget(token);
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe(MESSAGES.builder.tokenInvalid);
    } finally {
      offset -= 15 * 60_000 + 1_000;
    }
    const flow = (await call('GET', `/v1/flows/${flowId}`)).json().data;
    expect(flow.steps[1].select_element).toEqual({ url: '/', selector: '#two' });
  });

  it('lets a preview (or pick) token read the tour as saved, unpublished too, from its origin', async () => {
    const read = (token: string, origin = ORIGIN) =>
      t.app.inject({
        method: 'GET',
        url: '/v1/builder/flow',
        headers: { authorization: `Bearer ${token}`, ...(origin ? { origin } : {}) },
      });
    const preview = await tokenFor({ mode: 'preview' });
    const res = await read(preview);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const flow = res.json().data;
    expect(flow).toMatchObject({ id: flowId, brand_id: t.brandId, name: 'Welcome tour' });
    expect(flow.steps.map((s: { id: string }) => s.id)).toEqual(['s1', 's2']);
    expect((await read(await tokenFor())).statusCode).toBe(200);
    expect((await read(preview, 'https://evil.example')).statusCode).toBe(403);
    expect((await read(t.token)).statusCode).toBe(401);
  });

  it('answers preflights, and stores codes and tokens only as hashes', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/builder/steps/s1/target',
      headers: { origin: ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(pre.headers['access-control-allow-headers'])).toContain('Authorization');
    const code = codeOf((await launch()).json().data.open_url);
    const token = (await exchange(code)).json().data.token as string;
    const rows = await t.app.ctx.database.db.select().from(builderSessions);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(token);
  });
});
