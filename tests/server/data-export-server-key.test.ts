import { describe, expect, it } from 'vitest';
import { createBrandsRepository } from '@/server/modules/brands/brands.repository';
import { createAccount, ingest, setupTestAccount } from './helpers';

/**
 * The data export with the product's server key instead of a dashboard token (docs/data-export.md,
 * "Who may export"): the key exports its own product (brand_id may be left out), another product's
 * brand_id answers 404 — the owner's other product too —, an unknown key 401, a key from a
 * browser 403, and the key opens no other signed-in route.
 */

const lines = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('data export with the server key', () => {
  const a = setupTestAccount();
  let key = '';
  let otherBrand = 0;
  const setup = async () => {
    if (key) return;
    const issued = await a.call('POST', `/v1/brands/${a.brandId}/server-key`);
    expect(issued.statusCode, issued.body).toBe(200);
    key = issued.json().data.server_key as string;
    // The owner's second product (straight in the database: the free plan allows one).
    const made = await createBrandsRepository(a.app.ctx.database.db).insert({
      ownerId: a.userId,
      name: 'Other',
      domain: 'other.example.com',
      writeKey: `wk_${'o'.repeat(32)}`,
    });
    otherBrand = made!.id;
    const res = await ingest(a.app, a.writeKey, '/v1/batch', {
      batch: [
        { type: 'track', event: 'Order Placed', userId: 'k1', properties: { total: 3 } },
        { type: 'identify', userId: 'k1', traits: { plan: 'pro' } },
      ],
    });
    expect(res.json().accepted, res.body).toBe(2);
  };
  const get = (url: string, headers: Record<string, string>) =>
    a.app.inject({ method: 'GET', url, headers });
  const bearer = () => ({ authorization: `Bearer ${key}` });

  it('exports its own product, with or without brand_id, as Bearer or Basic', async () => {
    await setup();
    const byToken = lines((await a.call('GET', `/v1/export/events?brand_id=${a.brandId}`)).body);
    for (const [url, headers] of [
      ['/v1/export/events', bearer()],
      [`/v1/export/events?brand_id=${a.brandId}`, bearer()],
      [
        '/v1/export/events',
        { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
      ],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.headers['content-disposition']).toMatch(`events-${a.brandId}.ndjson`);
      expect(lines(res.body)).toEqual(byToken);
    }
    const profiles = await get('/v1/export/profiles?format=csv', bearer());
    expect(profiles.statusCode, profiles.body).toBe(200);
    expect(profiles.body).toMatch(/k1/);
    const parquet = await get('/v1/export/profiles?format=parquet', bearer());
    expect(parquet.statusCode, parquet.body).toBe(200);
    expect(parquet.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
  });

  it("another product's brand_id answers 404, the owner's other product included", async () => {
    await setup();
    const b = await createAccount(a.app);
    for (const brand of [b.brandId, otherBrand]) {
      for (const kind of ['events', 'profiles']) {
        const res = await get(`/v1/export/${kind}?brand_id=${brand}`, bearer());
        expect(res.statusCode, `${kind} of ${brand}`).toBe(404);
        expect(res.json().message).toMatch(/Product not found/);
      }
    }
    // The dashboard token still exports the other product.
    const other = await a.call('GET', `/v1/export/events?brand_id=${otherBrand}`);
    expect(other.statusCode).toBe(200);
  });

  it('an unknown or revoked key is 401, from a browser 403, and opens nothing else', async () => {
    await setup();
    const wrong = `sk_${'x'.repeat(32)}`;
    const unknown = await get('/v1/export/events', { authorization: `Bearer ${wrong}` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toMatch(/Unknown server key/);
    const browser = await get('/v1/export/events', { ...bearer(), origin: 'https://x.example' });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().code).toBe('server_key_in_browser');
    // Another signed-in route does not take the key.
    expect((await get(`/v1/brands/${a.brandId}`, bearer())).statusCode).toBe(401);
    // The write key (public) exports nothing.
    expect(
      (await get('/v1/export/events', { authorization: `Bearer ${a.writeKey}` })).statusCode,
    ).toBe(401);
    // Rotated: the old key stops working.
    const old = key;
    key = (await a.call('POST', `/v1/brands/${a.brandId}/server-key`)).json().data.server_key;
    expect((await get('/v1/export/events', { authorization: `Bearer ${old}` })).statusCode).toBe(
      401,
    );
    expect((await get('/v1/export/events', bearer())).statusCode).toBe(200);
  });

  it('a dashboard token must name the product', async () => {
    const res = await a.call('GET', '/v1/export/events');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/brand_id is required/);
  });
});
