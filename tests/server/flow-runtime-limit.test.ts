import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { createBrand, createTestApp, ENGINE, signUpVerified, type TestApp } from './helpers';

let t: TestApp & { drop: () => Promise<void> };
let key: string;
let otherKey: string;

beforeAll(async () => {
  // Three calls at once, then one per 1,000 s: a fourth call is over the limit however slow
  // the machine running the test is.
  t = await createTestApp({
    env: { FLOW_RUNTIME_RATE_PER_KEY: '0.001', FLOW_RUNTIME_BURST_PER_KEY: '3' },
  });
  ({ writeKey: key } = await createBrand(t.app, (await signUpVerified(t.app)).token));
  ({ writeKey: otherKey } = await createBrand(t.app, (await signUpVerified(t.app)).token));
});
afterAll(async () => t.drop());

const ask = (writeKey: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/flows/available-flow',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey, anonymousId: 'v1', url: 'https://shop.example.com/' }),
  });

describe(`flow runtime rate per product (${ENGINE})`, () => {
  it('answers 429 with Retry-After past the product’s burst; other products are not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(key)).statusCode).toBe(200);
    const refused = await ask(key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ message: MESSAGES.flows.runtimeRateLimited(0.001) });
    // The same limit covers track and done (checked before the session is looked up).
    const track = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/1/track',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        writeKey: key,
        session_id: '00000000-0000-4000-8000-000000000000',
        step_id: 's1',
        type: 'step_seen',
      }),
    });
    expect(track.statusCode).toBe(429);
    expect((await ask(otherKey)).statusCode).toBe(200);
  });
});
