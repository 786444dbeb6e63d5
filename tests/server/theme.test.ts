import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_THEME } from '@/lib/contracts/theme';
import { MESSAGES } from '@/lib/messages';
import { plans, subscriptions } from '../../server/db/schema';
import { createAccount, ENGINE, setupTestAccount, type TestAccount } from './helpers';
import { aFlow, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

/** The product theme, "Custom styling" (docs/theme.md): owner scope, plan gate, runtime answer. */
const t = setupTestAccount();
let paid: TestAccount;
let stranger: TestAccount;

/** Moves an account to `plan` in the subscriptions table. */
async function onPlan(a: TestAccount, plan: 'free' | 'starter') {
  const [p] = await t.database.db.select().from(plans).where(eq(plans.code, plan));
  await t.database.db
    .update(subscriptions)
    .set({ planId: p!.id })
    .where(eq(subscriptions.userId, a.userId));
}

const BRAND = {
  card_background: '#0f172a',
  text_color: '#f8fafc',
  primary_button_background: '#f97316',
  primary_button_text: '#000000',
  corner_radius: 4,
  shadow: 'strong',
  font_family: 'Georgia, "Times New Roman", serif',
};

/** What the SDK gets on a page of `a`'s product with one published tour on /welcome. */
async function runtimeAnswer(a: TestAccount, visitor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/flows/available-flow',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      writeKey: a.writeKey,
      anonymousId: visitor,
      url: 'https://shop.example/welcome',
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { flow: { id: number }; theme?: Record<string, unknown> } | null;
}
/** A published tour of `a`'s product on /welcome, with `extra` fields of the flow body. */
const tourBody = (a: TestAccount, extra: Record<string, unknown> = {}) => ({
  ...aFlow({
    brand_id: a.brandId,
    name: 'Welcome',
    condition: aFlowCondition(aUrlTrigger({ value: '/welcome' })),
    steps: [aStep({ id: 's1' })],
  }),
  publish: true,
  ...extra,
});
async function publishTour(a: TestAccount, extra: Record<string, unknown> = {}) {
  const res = await a.call('POST', '/v1/flows', tourBody(a, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; theme_override?: unknown };
}

/** A tour's own look (docs/theme.md, "Per-tour override"). */
const OVERRIDE = {
  card_background: '#123456',
  primary_button_background: '#abcdef',
  corner_radius: 20,
};

beforeAll(async () => {
  paid = await createAccount(t.app, { brand: 'Paid shop' });
  await onPlan(paid, 'starter');
  stranger = await createAccount(t.app, { brand: 'Theirs' });
  await onPlan(stranger, 'starter');
});

describe(`product theme (${ENGINE})`, () => {
  it('reads the default look on any plan, with custom_styling false on the free plan', async () => {
    const res = await t.call('GET', `/v1/brands/${t.brandId}/theme`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      brand_id: t.brandId,
      theme: DEFAULT_THEME,
      custom_styling: false,
    });
    expect((await paid.call('GET', `/v1/brands/${paid.brandId}/theme`)).json().data).toMatchObject({
      custom_styling: true,
    });
  });

  it('refuses to save on the free plan with a 403 that says to upgrade, and keeps the default', async () => {
    const res = await t.call('PUT', `/v1/brands/${t.brandId}/theme`, BRAND);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: 403,
      code: 'plan_feature_unavailable',
      message: MESSAGES.theme.paidOnly('Free'),
    });
    expect(res.json().message).toMatch(/upgrade/i);
    const after = await t.call('GET', `/v1/brands/${t.brandId}/theme`);
    expect(after.json().data.theme).toEqual(DEFAULT_THEME);
  });

  it('saves on a paid plan: fields left out take their defaults', async () => {
    const res = await paid.call('PUT', `/v1/brands/${paid.brandId}/theme`, BRAND);
    expect(res.statusCode, res.body).toBe(200);
    const expected = { ...DEFAULT_THEME, ...BRAND };
    expect(res.json().data).toEqual({
      brand_id: paid.brandId,
      theme: expected,
      custom_styling: true,
    });
    const read = await paid.call('GET', `/v1/brands/${paid.brandId}/theme`);
    expect(read.json().data.theme).toEqual(expected);
  });

  it('refuses values that could escape the style, with the field and an actionable message', async () => {
    for (const [field, value, message] of [
      ['font_family', 'x; } .card { display: none', MESSAGES.theme.font],
      ['font_family', 'Inter, url(https://evil.example/f.woff)', MESSAGES.theme.font],
      ['card_background', 'red; background: url(x)', MESSAGES.theme.color('Card background')],
      ['corner_radius', 400, MESSAGES.theme.range('Corner radius', 0, 32)],
      ['backdrop_opacity', 2, MESSAGES.theme.opacity],
      ['z_index', 0, MESSAGES.theme.range('Z-index', 1, 2_147_483_647)],
      ['shadow', 'huge', MESSAGES.theme.shadow],
    ] as const) {
      const res = await paid.call('PUT', `/v1/brands/${paid.brandId}/theme`, { [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(message);
    }
  });

  it("answers 404 for another account's product, read or write, and changes nothing", async () => {
    const read = await stranger.call('GET', `/v1/brands/${paid.brandId}/theme`);
    expect(read.statusCode).toBe(404);
    const write = await stranger.call('PUT', `/v1/brands/${paid.brandId}/theme`, {
      card_background: '#ff0000',
    });
    expect(write.statusCode).toBe(404);
    const mine = await paid.call('GET', `/v1/brands/${paid.brandId}/theme`);
    expect(mine.json().data.theme.card_background).toBe(BRAND.card_background);
    expect((await stranger.call('GET', '/v1/brands/999999/theme')).statusCode).toBe(404);
  });

  it("gives the SDK's runtime answer the product's theme; the default look sends none", async () => {
    await publishTour(paid);
    const themed = await runtimeAnswer(paid, 'v-themed');
    expect(themed?.flow.id).toBeTypeOf('number');
    expect(themed?.theme).toEqual({ ...DEFAULT_THEME, ...BRAND });

    await publishTour(t);
    const plain = await runtimeAnswer(t, 'v-plain');
    expect(plain?.flow.id).toBeTypeOf('number');
    expect(plain).not.toHaveProperty('theme');
  });

  it('stops theming tours once the owner is back on the free plan', async () => {
    const a = await createAccount(t.app, { brand: 'Downgraded' });
    await onPlan(a, 'starter');
    expect(
      (await a.call('PUT', `/v1/brands/${a.brandId}/theme`, { card_background: '#000' }))
        .statusCode,
    ).toBe(200);
    await onPlan(a, 'free');
    await publishTour(a);
    expect(await runtimeAnswer(a, 'v-down')).not.toHaveProperty('theme');
    const read = await a.call('GET', `/v1/brands/${a.brandId}/theme`);
    expect(read.json().data).toMatchObject({
      custom_styling: false,
      theme: { card_background: '#000' },
    });
  });

  it("plays a tour in the product theme under the tour's override, merged for the SDK", async () => {
    const a = await createAccount(t.app, { brand: 'Overridden' });
    await onPlan(a, 'starter');
    await a.call('PUT', `/v1/brands/${a.brandId}/theme`, BRAND);
    const tour = await publishTour(a, { theme_override: OVERRIDE });
    expect(tour.theme_override).toEqual(OVERRIDE);
    const read = await a.call('GET', `/v1/flows/${tour.id}`);
    expect(read.json().data.theme_override).toEqual(OVERRIDE);
    expect((await runtimeAnswer(a, 'v-over'))?.theme).toEqual({
      ...DEFAULT_THEME,
      ...BRAND,
      ...OVERRIDE,
    });

    // Without a saved product theme the override goes over the default look.
    const b = await createAccount(t.app, { brand: 'Only the tour' });
    await onPlan(b, 'starter');
    await publishTour(b, { theme_override: { corner_radius: 0 } });
    expect((await runtimeAnswer(b, 'v-only'))?.theme).toEqual({
      ...DEFAULT_THEME,
      corner_radius: 0,
    });

    // An override that sets nothing plays the product theme as it is.
    const c = await createAccount(t.app, { brand: 'Empty override' });
    await onPlan(c, 'starter');
    await c.call('PUT', `/v1/brands/${c.brandId}/theme`, BRAND);
    const empty = await publishTour(c, { theme_override: {} });
    expect(empty).not.toHaveProperty('theme_override');
    expect((await runtimeAnswer(c, 'v-empty'))?.theme).toEqual({ ...DEFAULT_THEME, ...BRAND });
  });

  it("refuses a tour's override on the free plan with the theme's message; checks its values", async () => {
    const res = await t.call('POST', '/v1/flows', tourBody(t, { theme_override: OVERRIDE }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'plan_feature_unavailable',
      message: MESSAGES.theme.paidOnly('Free'),
    });
    const plain = await t.call('POST', '/v1/flows', tourBody(t, { theme_override: null }));
    expect(plain.statusCode, plain.body).toBe(201);
    const id = plain.json().data.id as number;
    const edit = await t.call('PUT', `/v1/flows/${id}`, tourBody(t, { theme_override: OVERRIDE }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(MESSAGES.theme.paidOnly('Free'));
    expect((await t.call('GET', `/v1/flows/${id}`)).json().data).not.toHaveProperty(
      'theme_override',
    );

    const bad = await paid.call(
      'POST',
      '/v1/flows',
      tourBody(paid, { theme_override: { corner_radius: 99 } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain(
      MESSAGES.theme.range('Corner radius', 0, 32),
    );
  });

  it("answers 404 for another account's tour, with or without an override, and changes nothing", async () => {
    const tour = await publishTour(paid, { theme_override: OVERRIDE });
    const write = await stranger.call(
      'PUT',
      `/v1/flows/${tour.id}`,
      tourBody(paid, { theme_override: { card_background: '#ff0000' } }),
    );
    expect(write.statusCode).toBe(404);
    const mine = await paid.call('GET', `/v1/flows/${tour.id}`);
    expect(mine.json().data.theme_override).toEqual(OVERRIDE);
  });

  it('plays Preview on site in the same look the runtime sends visitors', async () => {
    const a = await createAccount(t.app, { brand: 'Previewed' });
    await onPlan(a, 'starter');
    await a.call('PUT', `/v1/brands/${a.brandId}/theme`, BRAND);
    const tour = await publishTour(a, { theme_override: OVERRIDE });
    const page = 'http://localhost:4000/welcome';
    const launched = await a.call('POST', `/v1/flows/${tour.id}/builder-sessions`, {
      step_id: 's1',
      url: page,
      mode: 'preview',
    });
    expect(launched.statusCode, launched.body).toBe(201);
    const code = /#signpost-builder=([A-Za-z0-9_-]+)$/.exec(launched.json().data.open_url)![1];
    const origin = 'http://localhost:4000';
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/v1/builder/exchange',
      headers: { 'content-type': 'application/json', origin },
      payload: JSON.stringify({ code, write_key: a.writeKey }),
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/v1/builder/flow',
      headers: { authorization: `Bearer ${exchanged.json().data.token}`, origin },
    });
    expect(read.statusCode).toBe(200);
    const visitors = (await runtimeAnswer(a, 'v-preview'))?.theme;
    expect(visitors).toEqual({ ...DEFAULT_THEME, ...BRAND, ...OVERRIDE });
    expect(read.json().data.theme).toEqual(visitors);
  });

  it('keeps the valid fields of a stored override when one no longer passes the check', async () => {
    const a = await createAccount(t.app, { brand: 'Old override' });
    await onPlan(a, 'starter');
    const look = await t.app.ctx.themes.forRuntime(a.brandId, {
      corner_radius: 0,
      font_family: '"Brand Sans, serif',
    });
    expect(look).toEqual({ ...DEFAULT_THEME, corner_radius: 0 });
  });
});
