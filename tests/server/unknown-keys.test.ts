import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@/server/plugins/rate-limit';
import { MESSAGES } from '@/lib/messages';
import { ENGINE, setupTestAccount, setupTestApp } from './helpers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapUsed = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const t = setupTestAccount({ limits: { unknownKey: { max: 1_000_000, windowMs: 60_000 } } });

const track = { type: 'track', event: 'Opened', anonymousId: 'anon-1' };
const flowAsk = { anonymousId: 'anon-1', url: 'https://shop.example/' };

describe(`unknown write keys (${ENGINE})`, () => {
  // No store is asked, so the PostgreSQL run of the suite would only repeat the same work.
  it.skipIf(ENGINE !== 'pglite')(
    'answers 10,000 requests with 400 KB made-up keys and keeps the heap flat',
    async () => {
      const big = randomBytes(300 * 1024).toString('base64'); // 400 KB of random text
      const json = { 'content-type': 'application/json' };
      const trackBody = JSON.stringify(track);
      const askBody = JSON.stringify(flowAsk);
      const send = (i: number) => {
        const key = `${i}:${big}`; // distinct each time, as an attacker's would be
        switch (i % 3) {
          case 0:
            return t.app.inject({
              method: 'POST',
              url: '/v1/batch',
              headers: json,
              payload: `{"writeKey":"${key}","batch":[${trackBody}]}`,
            });
          case 1:
            return t.app.inject({
              method: 'POST',
              url: '/v1/track',
              headers: { ...json, authorization: `Bearer ${key}` },
              payload: trackBody,
            });
          default:
            return t.app.inject({
              method: 'POST',
              url: '/v1/flows/available-flow',
              headers: { ...json, authorization: `Bearer ${key}` },
              payload: askBody,
            });
        }
      };
      for (let i = 0; i < 30; i++) expect((await send(i)).statusCode).toBe(401);
      const before = heapUsed();
      for (let i = 30; i < 10_000; i++) {
        const res = await send(i);
        if (res.statusCode !== 401) expect(res.json()).toBe('a 401 for every made-up key');
      }
      const grown = heapUsed() - before;
      expect(grown).toBeLessThan(64 * 1024 * 1024);
      // And the server still answers its products.
      const ok = await t.app.inject({
        method: 'POST',
        url: '/v1/track',
        headers: { authorization: `Bearer ${t.writeKey}` },
        payload: track,
      });
      expect(ok.statusCode).toBe(200);
    },
    300_000,
  );

  it('refuses a 65-character key as unknown, and a body key longer than any key as a 400', async () => {
    const long = `wk_${'a'.repeat(62)}`;
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/batch',
      payload: { writeKey: long, batch: [track] },
    });
    expect(batch.statusCode).toBe(401);
    expect(batch.json().message).toBe(MESSAGES.ingest.unknownKey);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/v1/flows/available-flow',
      payload: { writeKey: long, ...flowAsk },
    });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().message).toMatch(/writeKey must be at most 64 characters/);
  });
});

describe(`unknown write keys, default limits (${ENGINE})`, () => {
  const strict = setupTestApp({ limits: DEFAULT_RATE_LIMITS });

  it('answers 429 with Retry-After once an address sent too many unknown keys', async () => {
    const { max } = DEFAULT_RATE_LIMITS.unknownKey;
    const send = (i: number) =>
      strict.app.inject({
        method: 'POST',
        url: '/v1/track',
        headers: { authorization: `Bearer wk_made_up_${i}` },
        payload: track,
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < max; i++) expect((await send(i)).statusCode).toBe(401);
    const refused = await send(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGES.ingest.tooManyUnknownKeys);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await strict.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { authorization: 'Bearer wk_made_up_x' },
      payload: track,
      remoteAddress: '198.51.100.4',
    });
    expect(other.statusCode).toBe(401);
  });
});
