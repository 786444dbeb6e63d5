import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_MS } from '@/lib/contracts/download-links';
import { createAccount, ingest, setupTestAccount } from './helpers';

/**
 * Signed download links (docs/security.md, "Download links"): a link opens its one address
 * without the bearer header until it expires, and nothing else; the route's owner scoping holds.
 */

const definition = {
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
};

/** The app's clock runs `ahead` ms in front of the wall clock (links expire without sleeping). */
let ahead = 0;
const a = setupTestAccount({ now: () => new Date(Date.now() + ahead) });

const anonymous = (url: string) => a.app.inject({ method: 'GET', url });

let segments = 0;
async function proSegment(call = a.call, brandId = a.brandId) {
  const name = `Pro ${++segments}`;
  const res = await call('POST', '/v1/segments', { brand_id: brandId, name, definition });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function linkTo(path: string, call = a.call) {
  const res = await call('POST', '/v1/download-links', { path });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; expires_at: string };
}

describe('download links', () => {
  it('downloads the CSV with no bearer header, until the link expires', async () => {
    ahead = 0;
    const batch = [
      { type: 'identify', userId: 'u1', traits: { plan: 'pro' } },
      { type: 'identify', userId: 'u2', traits: { plan: 'free' } },
      { type: 'identify', userId: 'u3', traits: { plan: 'pro' } },
    ];
    expect((await ingest(a.app, a.writeKey, '/v1/batch', { batch })).json().accepted).toBe(3);
    const id = await proSegment();

    const link = await linkTo(`/v1/segments/${id}/members?format=csv`);
    expect(link.url).toMatch(
      new RegExp(`^/v1/segments/${id}/members\\?format=csv&download_token=[^&]+$`),
    );
    const expiresIn = Date.parse(link.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(DOWNLOAD_LINK_TTL_MS);

    const res = await anonymous(link.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="segment-${id}.csv"`);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).join('\n')).toMatch(/u1[\s\S]*u3/);
    // The same link again within its minute: still good (a browser may retry).
    expect((await anonymous(link.url)).statusCode).toBe(200);

    ahead = DOWNLOAD_LINK_TTL_MS;
    const late = await anonymous(link.url);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ status: 401, code: 'download_link_expired' });
    expect(late.json().message).toMatch(/expired/);
    ahead = 0;
  });

  it('refuses the link on another segment, another format, or with one character changed', async () => {
    ahead = 0;
    const id = await proSegment();
    const other = await proSegment();
    const { url } = await linkTo(`/v1/segments/${id}/members?format=csv`);
    const token = new URL(url, 'http://x').searchParams.get('download_token')!;

    const otherSegment = await anonymous(url.replace(`/segments/${id}/`, `/segments/${other}/`));
    expect(otherSegment.statusCode).toBe(401);
    expect(otherSegment.json()).toMatchObject({ code: 'invalid_download_link', status: 401 });

    const ndjson = await anonymous(url.replace('format=csv', 'format=ndjson'));
    expect(ndjson.statusCode).toBe(401);
    expect(ndjson.json().code).toBe('invalid_download_link');

    // Anything besides the signed query: refused before the signature is read.
    const extra = await anonymous(`${url}&limit=5`);
    expect(extra.statusCode).toBe(403);
    expect(extra.json()).toMatchObject({ code: 'download_link_not_allowed', status: 403 });

    // Each character of the token changed in turn (the expiry, the user, the session, the MAC).
    for (let i = 0; i < token.length; i++) {
      const c = token[i]!;
      const swapped = /\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'A' ? 'B' : 'A';
      const changed = `${token.slice(0, i)}${swapped}${token.slice(i + 1)}`;
      const res = await anonymous(url.replace(token, changed));
      expect(res.statusCode, `character ${i}`).toBe(401);
      expect(res.json().code, `character ${i}`).toBe('invalid_download_link');
    }
    // The untouched link still works: the refusals above were the changes'.
    expect((await anonymous(url)).statusCode).toBe(200);
  });

  it("answers 404 for another owner's segment, as with the bearer token", async () => {
    ahead = 0;
    const owner = await createAccount(a.app);
    const theirs = await proSegment(owner.call, owner.brandId);
    // A link the stranger can make (the address is allowed), but the segment is not theirs.
    const { url } = await linkTo(`/v1/segments/${theirs}/members?format=csv`);
    const res = await anonymous(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('stops working when the session that made it signs out', async () => {
    ahead = 0;
    const other = await createAccount(a.app);
    const id = await proSegment(other.call, other.brandId);
    const { url } = await linkTo(`/v1/segments/${id}/members?format=csv`, other.call);
    expect((await anonymous(url)).statusCode).toBe(200);
    expect((await other.call('POST', '/v1/auth/sign-out')).statusCode).toBeLessThan(300);
    const res = await anonymous(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/session .* has ended/);
  });

  it('issues links only for the allow-listed downloads, and only to a signed-in user', async () => {
    const refused = [
      '/v1/segments/1/members',
      '/v1/segments/1/members?format=json',
      '/v1/segments/1/members?format=csv&limit=5',
      '/v1/segments/1/members?format=csv&format=ndjson',
      '/v1/segments/1',
      '/v1/users/me',
      '/v1/reports/query?format=csv',
      '/v1/segments/1/members?format=csv&download_token=x',
    ];
    for (const path of refused) {
      const res = await a.call('POST', '/v1/download-links', { path });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({ code: 'not_downloadable', status: 400 });
      expect(res.json().message, path).toContain('/v1/segments/{id}/members?format=csv|ndjson');
    }
    const notAPath = await a.call('POST', '/v1/download-links', { path: 'https://evil.test/x' });
    expect(notAPath.statusCode).toBe(400);
    expect(notAPath.json().details[0].path).toBe('path');

    const anon = await a.app.inject({
      method: 'POST',
      url: '/v1/download-links',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ path: '/v1/segments/1/members?format=csv' }),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('opens no other route with a link, even a valid one', async () => {
    ahead = 0;
    const id = await proSegment();
    const { url } = await linkTo(`/v1/segments/${id}/members?format=csv`);
    const token = new URL(url, 'http://x').searchParams.get('download_token')!;
    const res = await anonymous(`/v1/segments/${id}?download_token=${token}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('download_link_not_allowed');
  });
});
