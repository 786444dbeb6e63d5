import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import type { Realtime } from '@/server/realtime/notifier';
import { BUILDER_RATE_LIMITS } from '@/server/modules/builder/builder.routes';
import { aFlow, aStep } from '../fixtures/flows';
import { ENGINE, setupTestAccount } from './helpers';

// The builder token's life (docs/builder.md, "Security model"): one exchange per code even when
// two race, Cancel revokes the token on the server, and the public calls are rate limited.
const realtime: Realtime = {
  emitToUser() {},
  emitToRoom() {},
  mayHaveListeners: () => false,
  close: async () => {},
};
const t = setupTestAccount({ notifier: realtime });
const { call } = t;
const ORIGIN = 'https://app.shop.example.com';

let flowId: number | undefined;
async function launch() {
  if (flowId === undefined) {
    const res = await call(
      'POST',
      '/v1/flows',
      aFlow({
        brand_id: t.brandId,
        steps: [
          aStep({ id: 's1', type: 'tool_tip', select_element: { url: '/', selector: '#a' } }),
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    flowId = res.json().data.id as number;
  }
  const launched = await call('POST', `/v1/flows/${flowId}/builder-sessions`, {
    step_id: 's1',
    url: `${ORIGIN}/cart`,
    mode: 'pick',
  });
  expect(launched.statusCode, launched.body).toBe(201);
  return /#signpost-builder=([A-Za-z0-9_-]+)$/.exec(launched.json().data.open_url)![1]!;
}

const exchange = (code: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/builder/exchange',
    remoteAddress,
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    payload: JSON.stringify({ code, write_key: t.writeKey }),
  });

async function token() {
  const res = await exchange(await launch());
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const withToken = (
  method: 'PUT' | 'GET' | 'DELETE',
  url: string,
  tok: string,
  opts: { origin?: string; body?: unknown } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${tok}`,
      origin: opts.origin ?? ORIGIN,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(opts.body ? { payload: JSON.stringify(opts.body) } : {}),
  });

const pick = (tok: string, origin?: string) =>
  withToken('PUT', '/v1/builder/steps/s1/target', tok, {
    origin,
    body: { select_element: { url: '/', selector: '#picked' } },
  });
const cancel = (tok: string, origin?: string) =>
  withToken('DELETE', '/v1/builder/session', tok, { origin });

describe(`builder token routes (${ENGINE})`, () => {
  it('of two exchanges of one code at once, exactly one gets a token', async () => {
    const code = await launch();
    const answers = await Promise.all([exchange(code), exchange(code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.statusCode === 401)!.json().code).toBe('builder_code_invalid');
  });

  it('DELETE /v1/builder/session revokes the token: it can no longer save or read', async () => {
    const tok = await token();
    expect((await pick(tok)).statusCode).toBe(200);
    // From another origin the token is refused and stays alive.
    const elsewhere = await cancel(tok, 'https://evil.example');
    expect(elsewhere.statusCode).toBe(403);
    expect((await pick(tok)).statusCode).toBe(200);

    const res = await cancel(tok);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const after = await pick(tok);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      code: 'builder_token_invalid',
      message: MESSAGES.builder.tokenInvalid,
    });
    expect((await withToken('GET', '/v1/builder/flow', tok)).statusCode).toBe(401);
    expect((await cancel(tok)).statusCode).toBe(401);
    expect((await cancel('')).statusCode).toBe(401);
    // Another token of the same tour is untouched.
    expect((await pick(await token())).statusCode).toBe(200);

    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/builder/session',
      headers: { origin: ORIGIN, 'access-control-request-method': 'DELETE' },
    });
    expect(pre.statusCode).toBe(204);
    expect(String(pre.headers['access-control-allow-methods'])).toContain('DELETE');
  });

  it("limits a builder token's calls", async () => {
    const tok = await token();
    const { max } = BUILDER_RATE_LIMITS.tokenPerToken;
    for (let i = 0; i < max; i++) {
      const res = await withToken('GET', '/v1/builder/flow', tok);
      expect(res.statusCode).toBe(200);
    }
    const limited = await pick(tok);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: MESSAGES.auth.tooManyAttempts,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token from the same address still works.
    expect((await pick(await token())).statusCode).toBe(200);
  });

  it('limits exchanges per client address', async () => {
    const { max } = BUILDER_RATE_LIMITS.exchangePerIp;
    const ip = '203.0.113.7';
    for (let i = 0; i < max; i++) {
      const res = await exchange(`not-a-code-${i}`, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await exchange(await launch(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: MESSAGES.auth.tooManyAttempts,
    });
    // Another address is counted apart.
    expect((await exchange(await launch(), '203.0.113.8')).statusCode).toBe(200);
  });
});
