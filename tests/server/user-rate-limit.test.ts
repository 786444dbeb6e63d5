import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { type ApiRequest, createAccount, setupTestApp } from './helpers';

/**
 * Per-user limits of signed-in requests (server/plugins/user-rate-limit.ts): requests that read
 * analytics, and writes. Counted per user: one user's flood never uses another's budget.
 */

const t = setupTestApp({
  userLimits: {
    analytics: { max: 3, windowMs: 60_000 },
    writes: { max: 3, windowMs: 60_000 },
  },
});
let callA: ApiRequest;
let callB: ApiRequest;
let brandA: number;
let brandB: number;

beforeAll(async () => {
  // Creating the products is each user's first write.
  ({ call: callA, brandId: brandA } = await createAccount(t.app, { brand: 'A' }));
  ({ call: callB, brandId: brandB } = await createAccount(t.app, { brand: 'B' }));
});

const report = (call: ApiRequest, brandId: number) =>
  call('POST', '/v1/reports/query', {
    brand_id: brandId,
    type: 'trend',
    series: Array.from({ length: 3 }, () => ({ event: 'Order', measure: 'total' })),
    granularity: 'day',
    date_preset: 'past_7_day',
  });

describe('per-user limits', () => {
  it('refuses a user past their analytics limit with a 429, while another user is answered', async () => {
    // POST /reports/query is a read of analytics, not a write: it counts against `analytics`.
    for (let i = 0; i < 3; i++) expect((await report(callA, brandA)).statusCode).toBe(200);
    const home = await callA('GET', `/v1/home?brand_id=${brandA}`);
    expect(home.statusCode).toBe(429);
    expect(home.headers['retry-after']).toBeDefined();
    expect(home.json()).toMatchObject({ message: MESSAGES.http.tooManyRequests });
    // Requests that read no analytics are not counted.
    expect((await callA('GET', '/v1/reports')).statusCode).toBe(200);
    expect((await report(callB, brandB)).statusCode).toBe(200);
  });

  it('refuses a user past their write limit with a 429', async () => {
    const save = (call: ApiRequest, brandId: number) =>
      call('POST', '/v1/reports', {
        brand_id: brandId,
        name: 'Orders',
        query: {
          brand_id: brandId,
          type: 'trend',
          series: [{ event: 'Order', measure: 'total' }],
          granularity: 'day',
          date_preset: 'past_7_day',
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await save(callA, brandA)).statusCode);
    }
    // The product made in beforeAll was the first of three writes.
    expect(statuses.slice(2)).toEqual([429]);
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect((await save(callB, brandB)).statusCode).toBe(201);
  });
});
