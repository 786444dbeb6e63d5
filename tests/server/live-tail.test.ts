import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TailSocketPayload } from '@/lib/contracts/events';
import { basic, createAccount, ENGINE, ingest, setupTestApp, signUpVerified } from './helpers';
import { TAIL_PUSH_MAX_EVENTS } from '@/server/modules/events/live-tail';

const t = setupTestApp({ realtime: true });
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
// Hooks run as a stack: the sockets close before the app does.
afterAll(() => sockets.forEach((s) => s.close()));

async function open(token: string) {
  const s = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}
const joinTail = (s: Socket, brand_id: number, event_name?: string) =>
  new Promise<{ ok: boolean; message?: string }>((resolve) =>
    s.emit(
      TAIL_SOCKET_EVENTS.JOIN,
      event_name === undefined ? { brand_id } : { brand_id, event_name },
      resolve,
    ),
  );

describe(`live tail over the socket (${ENGINE})`, () => {
  it("pushes newly stored events to the brand owner's tail room, and only to the owner", async () => {
    const { token, brandId, writeKey } = await createAccount(t.app);
    const intruder = await signUpVerified(t.app);

    const s = await open(token);
    expect(await joinTail(s, brandId, 'Clicked')).toEqual({ ok: true });
    const other = await open(intruder.token);
    expect(await joinTail(other, brandId, 'Clicked')).toEqual({ ok: false, message: 'Not found.' });
    let leaked = false;
    other.on(TAIL_SOCKET_EVENTS.EVENT, () => (leaked = true));

    const received = new Promise<TailSocketPayload>((resolve) =>
      s.once(TAIL_SOCKET_EVENTS.EVENT, resolve),
    );
    const res = await fetch(`${url}/v1/track`, {
      method: 'POST',
      headers: { ...basic(writeKey), 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'Clicked', anonymousId: 'v1', properties: { button: 'buy' } }),
    });
    expect(res.status).toBe(200);
    const payload = await received;
    expect(payload.brand_id).toBe(brandId);
    expect(payload.event_name).toBe('Clicked');
    expect(payload.events[0]).toMatchObject({
      event: 'Clicked',
      anonymous_id: 'v1',
      properties: { button: 'buy' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('answers 413 for an oversized request and keeps the connection usable', async () => {
    const { writeKey } = await createAccount(t.app, { brand: 'Big' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: string) =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          `${url}/v1/batch`,
          {
            method: 'POST',
            agent,
            headers: { ...basic(writeKey), 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const big = JSON.stringify({
      batch: [{ event: 'x', anonymousId: 'a', properties: { s: 'y'.repeat(600_000) } }],
    });
    const first = await send(big);
    expect(first.status).toBe(413);
    const second = await send(
      JSON.stringify({ batch: [{ type: 'track', event: 'x', anonymousId: 'a' }] }),
    );
    expect(second.status).toBe(200);
    agent.destroy();
  });
});

describe(`Live events: every code of a product (${ENGINE})`, () => {
  it('GET tail without event_name answers the newest events of every code, tenant-filtered', async () => {
    const { brandId, writeKey, call: api } = await createAccount(t.app, { brand: 'Every code' });
    const other = await createAccount(t.app, { brand: 'Other product' });
    const t0 = Date.now() - 60_000;
    const at = (s: number) => new Date(t0 + s * 1000).toISOString();
    const batch = await ingest(t.app, writeKey, '/v1/batch', {
      batch: [
        { type: 'track', event: 'Signed Up', anonymousId: 'a1', timestamp: at(1) },
        {
          type: 'track',
          event: 'Clicked Buy',
          userId: 'u1',
          timestamp: at(2),
          properties: { sku: 'S-1' },
        },
        {
          type: 'page',
          anonymousId: 'a1',
          timestamp: at(3),
          properties: { url: 'https://shop.example.com/pricing' },
        },
      ],
    });
    expect(batch.statusCode).toBe(200);
    await ingest(t.app, other.writeKey, '/v1/track', { event: 'Elsewhere', anonymousId: 'x' });

    const all = await api('GET', `/v1/tracking-session-data/tail?brand_id=${brandId}`);
    expect(all.statusCode).toBe(200);
    const rows = all.json().data.data as { event: string; properties: Record<string, unknown> }[];
    expect(rows.map((r) => r.event)).toEqual(['$pageview', 'Clicked Buy', 'Signed Up']);
    expect(rows[1]!.properties).toEqual({ sku: 'S-1' });

    const limited = await api('GET', `/v1/tracking-session-data/tail?brand_id=${brandId}&limit=2`);
    expect(limited.json().data.data).toHaveLength(2);
    // With event_name the tail keeps its behaviour: that code only.
    const one = await api(
      'GET',
      `/v1/tracking-session-data/tail?brand_id=${brandId}&event_name=Signed%20Up`,
    );
    expect((one.json().data.data as { event: string }[]).map((r) => r.event)).toEqual([
      'Signed Up',
    ]);
    // Bounded: more than 200 is refused, not answered.
    const tooMany = await api(
      'GET',
      `/v1/tracking-session-data/tail?brand_id=${brandId}&limit=201`,
    );
    expect(tooMany.statusCode).toBe(400);

    // Another tenant's product answers 404, with or without event_name.
    const intruder = await createAccount(t.app, { brand: false });
    const foreign = await intruder.call(
      'GET',
      `/v1/tracking-session-data/tail?brand_id=${brandId}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("GET /v1/events/codes lists the defined codes of the owner's product only", async () => {
    const { brandId, call: api } = await createAccount(t.app, { brand: 'Codes' });
    for (const code of ['b_code', 'a_code'])
      expect(
        (await api('POST', '/v1/events', { brand_id: brandId, name: code, code })).statusCode,
      ).toBe(201);
    const res = await api('GET', `/v1/events/codes?brand_id=${brandId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ codes: ['a_code', 'b_code'], truncated: false });
    const intruder = await createAccount(t.app, { brand: false });
    const foreign = await intruder.call('GET', `/v1/events/codes?brand_id=${brandId}`);
    expect(foreign.statusCode).toBe(404);
    expect((await api('GET', '/v1/events/codes?brand_id=abc')).statusCode).toBe(400);
  });

  it("pushes every code to the owner's Live events room, at most a bounded number a push", async () => {
    const { token, brandId, writeKey } = await createAccount(t.app, { brand: 'Live' });
    const intruder = await signUpVerified(t.app);
    const s = await open(token);
    expect(await joinTail(s, brandId)).toEqual({ ok: true });
    const other = await open(intruder.token);
    expect(await joinTail(other, brandId)).toEqual({ ok: false, message: 'Not found.' });
    let leaked = false;
    other.on(TAIL_SOCKET_EVENTS.EVENT, () => (leaked = true));

    const first = new Promise<TailSocketPayload>((resolve) =>
      s.once(TAIL_SOCKET_EVENTS.EVENT, resolve),
    );
    await fetch(`${url}/v1/track`, {
      method: 'POST',
      headers: { ...basic(writeKey), 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'Never Defined', anonymousId: 'v9', properties: { n: 1 } }),
    });
    const payload = await first;
    expect(payload).toMatchObject({ brand_id: brandId, event_name: null });
    expect(payload.events[0]).toMatchObject({ event: 'Never Defined', properties: { n: 1 } });

    const big = new Promise<TailSocketPayload>((resolve) =>
      s.once(TAIL_SOCKET_EVENTS.EVENT, resolve),
    );
    const count = TAIL_PUSH_MAX_EVENTS + 20;
    const res = await ingest(t.app, writeKey, '/v1/batch', {
      batch: Array.from({ length: count }, (_, i) => ({
        type: 'track',
        event: `code_${i % 3}`,
        anonymousId: 'v9',
        timestamp: new Date(Date.now() - (count - i) * 1000).toISOString(),
      })),
    });
    expect(res.statusCode).toBe(200);
    const pushed = await big;
    expect(pushed.events).toHaveLength(TAIL_PUSH_MAX_EVENTS);
    expect(new Set(pushed.events.map((e) => e.event))).toEqual(
      new Set(['code_0', 'code_1', 'code_2']),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });
});
