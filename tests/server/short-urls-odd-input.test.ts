import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, ENGINE, type TestApp } from './helpers';

/**
 * Odd input to the short-link API and the redirect answers a 4xx with a message, or works; never a
 * 5xx (issue 29: "every 5xx path becomes a 4xx with a message").
 */

let t: TestApp & { drop: () => Promise<void> };
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.drop());

describe(`short links and odd input (${ENGINE})`, () => {
  it('never answers 5xx', async () => {
    const { brandId, call } = await createAccount(t.app);
    const made = await call('POST', '/v1/short-urls', {
      brand_id: brandId,
      url: 'https://a.example/',
      slug: 'odd-1',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json().data as { id: number }).id;
    const base = { brand_id: brandId, url: 'https://a.example/' };
    const bodies: Record<string, unknown>[] = [
      { ...base, url: 'https://a.example/\u2028x' },
      { ...base, url: 'https://a.example/\ud800' },
      { ...base, url: 'https://[::1]/' },
      { ...base, url: 'https://xn--/' },
      { ...base, expires_at: '2024-02-30T00:00:00Z' },
      { ...base, expires_at: '9999-12-31T23:59:59Z' },
      { ...base, expires_at: '-000001-01-01T00:00:00Z' },
      { ...base, expires_at: '2024-01-01T25:00:00Z' },
      { ...base, expires_at: 12345 },
      { ...base, utm: { source: '\ud800' } },
      { ...base, utm: { campaign: '\udc00x' } },
      { ...base, utm: 'x' },
      { ...base, slug: 'xxx\u0000' },
      { ...base, expired_url: 'https://a.example/\ud800' },
      { ...base, expired_url: 'https://a.example/\r\n\u00e9' },
      { ...base, brand_id: 99_999_999_999 },
    ];
    const fivexx: string[] = [];
    for (const b of bodies)
      for (const [method, url] of [
        ['POST', '/v1/short-urls'],
        ['PUT', `/v1/short-urls/${id}`],
      ] as const) {
        const res = await call(method, url, b);
        if (res.statusCode >= 500) fivexx.push(`${method} ${JSON.stringify(b)}: ${res.body}`);
        if (res.statusCode >= 400) expect(res.json().message, JSON.stringify(b)).toBeTruthy();
      }
    for (const q of [
      'date_preset=custom_range&from=0000-01-01&to=2024-01-01',
      'date_preset=custom_range&from=1900-01-01&to=2299-12-31',
      'date_preset=custom_range&from=2024-01-10&to=2024-01-01',
      'granularity=year',
      'include_bots=1',
    ]) {
      const res = await call('GET', `/v1/short-urls/${id}/report?${q}`);
      if (res.statusCode >= 500) fivexx.push(`report ${q}: ${res.body}`);
    }
    for (const path of [
      '/s/%',
      '/s/%E0%A4%A',
      '/s/odd-1?%',
      '/s/odd-1?a=%zz&b=%E0%A4',
      `/s/odd-1?${'a=1&'.repeat(2000)}`,
      '/s/odd-1?next=\u00e9',
      `/s/${'a'.repeat(5000)}`,
      '/s/odd-1/extra',
      `/s/odd-1?utm_source=${'%C3%A9'.repeat(300)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      if (res.statusCode >= 500) fivexx.push(`GET ${path.slice(0, 80)}: ${res.statusCode}`);
    }
    expect(fivexx).toEqual([]);
  });
});
