import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { createAccount, ENGINE, setupTestAccount } from './helpers';

// Three calls at once, then one per 1,000 s: a fourth call is over the limit however slow
// the machine running the test is.
const t = setupTestAccount({
  env: { FLOW_RUNTIME_RATE_PER_KEY: '0.001', FLOW_RUNTIME_BURST_PER_KEY: '3' },
});
let otherKey: string;
beforeAll(async () => {
  ({ writeKey: otherKey } = await createAccount(t.app));
});

const ask = (writeKey: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/flows/available-flow',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ writeKey, anonymousId: 'v1', url: 'https://shop.example.com/' }),
  });

describe(`flow runtime rate per product (${ENGINE})`, () => {
  it('answers 429 with Retry-After past the product’s burst; other products are not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await ask(t.writeKey)).statusCode).toBe(200);
    const refused = await ask(t.writeKey);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ message: MESSAGES.flows.runtimeRateLimited(0.001) });
    // The same limit covers track and done (checked before the session is looked up).
    const track = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/1/track',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        writeKey: t.writeKey,
        session_id: '00000000-0000-4000-8000-000000000000',
        step_id: 's1',
        type: 'step_seen',
      }),
    });
    expect(track.statusCode).toBe(429);
    expect((await ask(otherKey)).statusCode).toBe(200);
  });
});
