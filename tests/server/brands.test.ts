import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { ENGINE, request, setupTestApp, signUpVerified } from './helpers';

const t = setupTestApp();

/** A new verified account's API access. */
const signedIn = async () => request(t.app, (await signUpVerified(t.app)).token);

describe(`brands (${ENGINE})`, () => {
  it('creates, lists, renames, rotates the key of and deletes a tracked product', async () => {
    const call = await signedIn();
    expect((await call('GET', '/v1/brands')).json()).toEqual({
      data: { data: [], total: 0 },
    });

    const created = await call('POST', '/v1/brands', {
      name: ' My Shop ',
      domain: 'https://www.Shop.example.com/path?q=1',
    });
    expect(created.statusCode).toBe(201);
    const brand = created.json().data;
    expect(Number.isInteger(brand.id)).toBe(true);
    expect(brand).toMatchObject({ name: 'My Shop', domain: 'www.shop.example.com' });
    expect(brand.write_key).toMatch(/^wk_[A-Za-z0-9_-]{24}$/);

    const list = (await call('GET', '/v1/brands')).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toEqual(brand);

    const renamed = await call('PUT', `/v1/brands/${brand.id}`, {
      name: 'Shop 2',
      domain: 'shop2.example.com',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      id: brand.id,
      name: 'Shop 2',
      domain: 'shop2.example.com',
      write_key: brand.write_key,
    });

    const rotated = await call('POST', `/v1/brands/${brand.id}/rotate-key`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.write_key).not.toBe(brand.write_key);
    expect((await call('GET', `/v1/brands/${brand.id}`)).json().data.write_key).toBe(
      rotated.json().data.write_key,
    );

    const del = await call('DELETE', `/v1/brands/${brand.id}`);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/v1/brands/${brand.id}`)).statusCode).toBe(404);
  });

  it("refuses a product beyond the plan's product_limit with a clear 403", async () => {
    const call = await signedIn();
    expect(
      (await call('POST', '/v1/brands', { name: 'One', domain: 'one.example.com' })).statusCode,
    ).toBe(201);
    const second = await call('POST', '/v1/brands', {
      name: 'Two',
      domain: 'two.example.com',
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({
      code: 'plan_limit_reached',
      message: MESSAGES.brands.limitReached(1),
    });
    expect((await call('GET', '/v1/brands')).json().data.total).toBe(1);
  });

  it('keeps the limit under concurrent creates', async () => {
    const call = await signedIn();
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        call('POST', '/v1/brands', { name: `P${i}`, domain: `p${i}.example.com` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect((await call('GET', '/v1/brands')).json().data.total).toBe(1);
  });

  it("answers 404 for another account's brand on every route and leaves it untouched", async () => {
    const asA = await signedIn();
    const asB = await signedIn();
    const brand = (
      await asB('POST', '/v1/brands', { name: 'B shop', domain: 'b.example.com' })
    ).json().data;
    const body = { name: 'Hijack', domain: 'evil.example.com' };
    for (const [method, url, payload] of [
      ['GET', `/v1/brands/${brand.id}`, undefined],
      ['PUT', `/v1/brands/${brand.id}`, body],
      ['DELETE', `/v1/brands/${brand.id}`, undefined],
      ['POST', `/v1/brands/${brand.id}/rotate-key`, undefined],
    ] as const) {
      const res = await asA(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(MESSAGES.brands.notFound);
    }
    expect((await asA('GET', '/v1/brands')).json().data.total).toBe(0);
    expect((await asB('GET', `/v1/brands/${brand.id}`)).json().data).toEqual(brand);
  });

  it('requires a session on every brand route', async () => {
    for (const [method, url] of [
      ['GET', '/v1/brands'],
      ['POST', '/v1/brands'],
      ['GET', '/v1/brands/1'],
      ['PUT', '/v1/brands/1'],
      ['DELETE', '/v1/brands/1'],
      ['POST', '/v1/brands/1/rotate-key'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('rejects a domain that is not a host name', async () => {
    const call = await signedIn();
    for (const domain of ['not a domain', 'http://', 'exa mple.com', '-bad.com']) {
      const res = await call('POST', '/v1/brands', { name: 'X', domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message).toBe(MESSAGES.field.domain);
    }
  });
});

describe(`plans catalogue (${ENGINE})`, () => {
  it('seeds the plans once, sorted by order_number, and the MAU add-on', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/v1/plans/available-plan' })).json()
      .data;
    expect(plans.map((p: { code: string }) => p.code)).toEqual([
      'free',
      'starter',
      'growth',
      'scale',
      'enterprise',
    ]);
    expect(plans.map((p: { plan_quota: unknown }) => p.plan_quota)).toEqual([
      { product_limit: 1, mau_limit: 1000 },
      { product_limit: 3, mau_limit: 10000 },
      { product_limit: 10, mau_limit: 50000 },
      { product_limit: 25, mau_limit: 200000 },
      { product_limit: 0, mau_limit: 0 },
    ]);
    expect(
      plans.map(
        (p: { plan_prices: { unit_amount: number }[] }) => p.plan_prices[0]?.unit_amount ?? null,
      ),
    ).toEqual([0, 4900, 14900, 39900, null]);
    const addOns = (
      await t.app.inject({ method: 'GET', url: '/v1/plans?offset=0&limit=20&type=ADD_IN' })
    ).json().data;
    expect(addOns.total).toBe(1);
    expect(addOns.data[0]).toMatchObject({ kind: 'ADD_IN', plan_quota: { mau_limit: 1000 } });
    expect(addOns.data[0].plan_prices[0]).toMatchObject({
      unit_amount: 2000,
      interval: 'MONTH',
      billing_item: 'ADD_IN',
    });
    await t.app.ctx.plans.seed();
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/plans?limit=100' })).json().data.total,
    ).toBe(6);
  });

  it('serves feature definitions and the OpenAPI document', async () => {
    const features = await t.app.inject({ method: 'GET', url: '/v1/features' });
    expect(features.statusCode).toBe(200);
    expect(Object.keys(features.json().data.features).length).toBeGreaterThan(0);
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/sign-in', '/v1/brands/{id}']),
    );
  });
});
