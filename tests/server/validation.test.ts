import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { auth, ENGINE, setupTestAccount } from './helpers';

const t = setupTestAccount();

type Method = 'POST' | 'PUT';
/** Every endpoint with a JSON body, a valid body, and which string fields it has. */
const endpoints = (): {
  method: Method;
  url: string;
  authed: boolean;
  valid: Record<string, unknown>;
  strings: string[];
}[] => [
  {
    method: 'POST',
    url: '/v1/auth/sign-up',
    authed: false,
    valid: { name: 'A', email: 'a@example.com', password: 'Secret1!x' },
    strings: ['name', 'email'],
  },
  {
    method: 'POST',
    url: '/v1/auth/verify-email',
    authed: false,
    valid: { token: 'abc' },
    strings: ['token'],
  },
  {
    method: 'POST',
    url: '/v1/auth/resend-verification',
    authed: false,
    valid: { email: 'a@example.com' },
    strings: ['email'],
  },
  {
    method: 'POST',
    url: '/v1/auth/sign-in',
    authed: false,
    valid: { email: 'a@example.com', password: 'x' },
    strings: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/v1/auth/forgot-password',
    authed: false,
    valid: { email: 'a@example.com' },
    strings: ['email'],
  },
  {
    method: 'POST',
    url: '/v1/auth/reset-password',
    authed: false,
    valid: { token: 'abc', password: 'Secret1!x' },
    strings: ['token'],
  },
  { method: 'PUT', url: '/v1/users/me', authed: true, valid: { name: 'A' }, strings: ['name'] },
  {
    method: 'PUT',
    url: '/v1/users/me/password',
    authed: true,
    valid: { current_password: 'x', password: 'Secret1!x' },
    strings: ['current_password'],
  },
  {
    method: 'POST',
    url: '/v1/brands',
    authed: true,
    valid: { name: 'B', domain: 'b.example.com' },
    strings: ['name', 'domain'],
  },
  {
    method: 'PUT',
    url: `/v1/brands/${t.brandId}`,
    authed: true,
    valid: { name: 'B', domain: 'b.example.com' },
    strings: ['name', 'domain'],
  },
];

function send(
  e: ReturnType<typeof endpoints>[number],
  payload: string | undefined,
  contentType = 'application/json',
) {
  return t.app.inject({
    method: e.method,
    url: e.url,
    payload,
    headers: {
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
      ...(e.authed ? auth(t.token) : {}),
    },
  });
}

function expectClear4xx(
  res: { statusCode: number; json: () => { message?: string; status?: number; code?: string } },
  status?: number,
) {
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  if (status) expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(body.message?.length).toBeGreaterThan(5);
  expect(body.status).toBe(res.statusCode);
  expect(typeof body.code).toBe('string');
}

describe(`bad input answers a clear 4xx on every endpoint (${ENGINE})`, () => {
  it('missing fields', async () => {
    for (const e of endpoints()) {
      for (const field of Object.keys(e.valid)) {
        if (e.url === '/v1/users/me' && field !== 'name') continue;
        const body = { ...e.valid };
        delete body[field];
        const res = await send(e, JSON.stringify(body));
        expectClear4xx(res, 400);
        expect(res.json().message, `${e.url} without ${field}`).toMatch(/required/i);
      }
    }
  });

  it('wrong types', async () => {
    for (const e of endpoints()) {
      for (const field of Object.keys(e.valid)) {
        const res = await send(e, JSON.stringify({ ...e.valid, [field]: 12345 }));
        expectClear4xx(res, 400);
        expect(res.json().details?.[0]?.path, `${e.url} ${field}`).toBe(field);
      }
    }
  });

  it('over-long strings (255 by default)', async () => {
    for (const e of endpoints()) {
      for (const field of e.strings) {
        const long =
          field === 'email'
            ? `${'a'.repeat(250)}@example.com`
            : field === 'domain'
              ? `${'a'.repeat(250)}.com`
              : 'a'.repeat(256);
        const res = await send(e, JSON.stringify({ ...e.valid, [field]: long }));
        expectClear4xx(res);
        expect(res.statusCode, `${e.url} ${field}`).not.toBe(200);
      }
    }
  });

  it('NUL characters in any text field', async () => {
    for (const e of endpoints()) {
      for (const field of Object.keys(e.valid)) {
        const res = await send(e, JSON.stringify({ ...e.valid, [field]: 'a\u0000b' }));
        expect(res.statusCode, `${e.url} ${field}`).toBeLessThan(500);
      }
    }
    const avatar = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/me',
      headers: { 'content-type': 'application/json', ...auth(t.token) },
      payload: JSON.stringify({ name: 'A', avatar: 'https://x.example/\u0000' }),
    });
    expectClear4xx(avatar, 400);
    const name = await t.app.inject({
      method: 'POST',
      url: '/v1/brands',
      headers: { 'content-type': 'application/json', ...auth(t.token) },
      payload: JSON.stringify({ name: 'a\u0000b', domain: 'nul.example.com' }),
    });
    expectClear4xx(name, 400);
    expect(name.json().message).toBe(MESSAGES.http.badCharacters);
    // A lone surrogate cannot be stored in a JSON column: refused by the contract, as NUL is.
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/v1/brands',
      headers: { 'content-type': 'application/json', ...auth(t.token) },
      payload: '{"name": "a\\ud800b", "domain": "surrogate.example.com"}',
    });
    expectClear4xx(surrogate, 400);
    expect(surrogate.json().message).toBe(MESSAGES.http.badCharacters);
  });

  it('malformed JSON', async () => {
    for (const e of endpoints()) {
      const res = await send(e, '{"name": ');
      expectClear4xx(res, 400);
      expect(res.json().message).toBe(MESSAGES.http.invalidJson);
    }
  });

  it('wrong content type', async () => {
    for (const e of endpoints()) {
      const res = await send(e, 'name=a', 'application/x-www-form-urlencoded');
      expectClear4xx(res, 415);
      expect(res.json().message).toBe(MESSAGES.http.unsupportedMediaType);
      const text = await send(e, 'hello', 'text/plain');
      expectClear4xx(text, 415);
    }
  });

  it('a body that is not an object', async () => {
    for (const e of endpoints()) {
      for (const payload of ['[]', '"text"', 'null', '42', undefined]) {
        const res = await send(e, payload);
        expectClear4xx(res, 400);
      }
    }
  });

  it('bad ids and query strings on brand routes', async () => {
    for (const url of [
      '/v1/brands/abc',
      '/v1/brands/-1',
      '/v1/brands/1.5',
      '/v1/brands/99999999999',
    ]) {
      expectClear4xx(await t.app.inject({ method: 'GET', url, headers: auth(t.token) }), 400);
    }
    expectClear4xx(
      await t.app.inject({ method: 'GET', url: '/v1/brands?limit=abc', headers: auth(t.token) }),
      400,
    );
    expectClear4xx(
      await t.app.inject({ method: 'GET', url: '/v1/brands?limit=1000', headers: auth(t.token) }),
      400,
    );
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/does-not-exist' });
    expectClear4xx(res, 404);
  });

  it('keeps the valid data of a request whose optional field was bad: nothing is half-written', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(t.token) })
    ).json().data;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/me',
      headers: { 'content-type': 'application/json', ...auth(t.token) },
      payload: JSON.stringify({ name: 'Changed', avatar: 'ftp://nope' }),
    });
    expectClear4xx(bad, 400);
    const after = (
      await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(t.token) })
    ).json().data;
    expect(after).toEqual(before);
  });
});
