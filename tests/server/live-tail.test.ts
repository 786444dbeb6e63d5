import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PATH, TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TailSocketPayload } from '@/lib/contracts/events';
import { basic, createBrand, createTestApp, ENGINE, signUpVerified, type TestApp } from './helpers';

let t: TestApp & { drop: () => Promise<void> };
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ realtime: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.drop();
});

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
const joinTail = (s: Socket, brand_id: number, event_name: string) =>
  new Promise<{ ok: boolean; message?: string }>((resolve) =>
    s.emit(TAIL_SOCKET_EVENTS.JOIN, { brand_id, event_name }, resolve),
  );

describe(`live tail over the socket (${ENGINE})`, () => {
  it("pushes newly stored events to the brand owner's tail room, and only to the owner", async () => {
    const owner = await signUpVerified(t.app);
    const { brandId, writeKey } = await createBrand(t.app, owner.token);
    const intruder = await signUpVerified(t.app);

    const s = await open(owner.token);
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
    const owner = await signUpVerified(t.app);
    const { writeKey } = await createBrand(t.app, owner.token, 'Big');
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
