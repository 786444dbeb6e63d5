import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH } from '@/lib/constants';
import {
  ENGINE,
  type OwnedTestApp,
  setupTestApp,
  setupTwoNodes,
  signUpVerified,
  TEST_REDIS_URL,
} from './helpers';

type Instance = OwnedTestApp & { url: string };

/** Makes `t` listen on a free port once it exists (a beforeAll); `url` is then its address. */
function listening(t: OwnedTestApp): Instance {
  let url = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}`;
  });
  return Object.defineProperty(t, 'url', { get: () => url }) as Instance;
}

const sockets: Socket[] = [];
function open(url: string, token: string | undefined) {
  const s = connect(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  return s;
}
const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (err) => reject(err));
  });
const join = (s: Socket, roomId: string) =>
  new Promise<{ ok: boolean; message?: string }>((resolve) =>
    s.emit(SOCKET_EVENTS.USER_JOIN_ROOM, { room_id: roomId }, resolve),
  );
const next = (s: Socket, event: string, ms = 5000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

afterAll(() => sockets.forEach((s) => s.close()));

describe(`realtime on one node (${ENGINE})`, () => {
  const node = listening(setupTestApp({ realtime: true }));

  it('refuses a handshake without a valid token', async () => {
    await expect(connected(open(node.url, undefined))).rejects.toThrow(/unauthorized/);
    await expect(connected(open(node.url, 'forged'))).rejects.toThrow(/unauthorized/);
  });

  it("joins only the user's own room and delivers PAYMENT_STATUS there", async () => {
    const a = await signUpVerified(node.app);
    const b = await signUpVerified(node.app);
    const sa = open(node.url, a.token);
    const sb = open(node.url, b.token);
    await Promise.all([connected(sa), connected(sb)]);
    expect(await join(sa, b.userId)).toMatchObject({ ok: false });
    expect(await join(sa, a.userId)).toEqual({ ok: true });
    expect(await join(sb, b.userId)).toEqual({ ok: true });

    const got = next(sa, SOCKET_EVENTS.PAYMENT_STATUS);
    let leaked = false;
    sb.on(SOCKET_EVENTS.PAYMENT_STATUS, () => (leaked = true));
    node.app.ctx.realtime?.emitToUser(a.userId, SOCKET_EVENTS.PAYMENT_STATUS, { status: 'active' });
    expect(await got).toEqual({ status: 'active' });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
  });
});

describe(`realtime closes sockets of revoked sessions (${ENGINE})`, () => {
  const node = listening(setupTestApp({ realtime: true }));

  /** Another session of the same account. */
  const signInAgain = async (a: { email: string; password: string }) =>
    (
      await node.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: a.email, password: a.password }),
      })
    ).json().data.token as string;

  const disconnected = (s: Socket) =>
    new Promise<void>((resolve) => s.once('disconnect', () => resolve()));

  it("sign-out ends that session's socket; a password change ends the other sessions' sockets", async () => {
    const a = await signUpVerified(node.app);
    const other = await signInAgain(a);
    const third = await signInAgain(a);
    const sa = open(node.url, a.token);
    const so = open(node.url, other);
    const st = open(node.url, third);
    await Promise.all([connected(sa), connected(so), connected(st)]);

    const thirdGone = disconnected(st);
    await node.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-out',
      headers: { authorization: `Bearer ${third}` },
    });
    await thirdGone;
    expect(sa.connected && so.connected).toBe(true);

    const otherGone = disconnected(so);
    const change = await node.app.inject({
      method: 'PUT',
      url: '/v1/users/me/password',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      payload: JSON.stringify({ current_password: a.password, password: 'Changed1!' }),
    });
    expect(change.statusCode).toBe(200);
    await otherGone;
    await new Promise((r) => setTimeout(r, 100));
    expect(sa.connected).toBe(true);
  });

  it("signing a session out from the sessions list closes that session's socket only", async () => {
    const a = await signUpVerified(node.app);
    const second = await signInAgain(a);
    const mine = open(node.url, a.token);
    const theirs = open(node.url, second);
    await Promise.all([connected(mine), connected(theirs)]);
    const list = await node.app.inject({
      method: 'GET',
      url: '/v1/users/me/sessions',
      headers: { authorization: `Bearer ${a.token}` },
    });
    const other = (list.json().data as { id: number; current: boolean }[]).find((x) => !x.current)!;
    const gone = disconnected(theirs);
    const res = await node.app.inject({
      method: 'DELETE',
      url: `/v1/users/me/sessions/${other.id}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(200);
    await gone;
    await new Promise((r) => setTimeout(r, 100));
    expect(mine.connected).toBe(true);
  });
});

describe.skipIf(!TEST_REDIS_URL)('realtime across two nodes sharing Redis', () => {
  if (!TEST_REDIS_URL)
    console.info(
      'skipped: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run the multi-node Socket.IO test',
    );
  // Two processes of one deployment share the OLTP database and Redis.
  const nodes = setupTwoNodes(() => ({
    realtime: true,
    env: { REDIS_URL: TEST_REDIS_URL as string },
  }));
  const one = listening(nodes[0]);
  const two = listening(nodes[1]);

  it('shares failed sign-in counts: failures on one node lock the account on the other', async () => {
    const user = await signUpVerified(two.app);
    for (let i = 0; i < 10; i++) {
      const res = await one.app.inject({
        method: 'POST',
        url: '/v1/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: user.email, password: 'Wrong1!pw' }),
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await two.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(locked.statusCode).toBe(429);
  });

  it("an event emitted on one node reaches the user's socket on the other", async () => {
    const user = await signUpVerified(two.app);
    // With PGlite each node has its own store; the session must be valid where the socket connects.
    const socket = open(two.url, user.token);
    await connected(socket);
    expect(await join(socket, user.userId)).toEqual({ ok: true });
    const got = next(socket, SOCKET_EVENTS.PAYMENT_STATUS);
    // Give the Redis subscription a moment to be in place on both nodes.
    await new Promise((r) => setTimeout(r, 200));
    one.app.ctx.realtime?.emitToUser(user.userId, SOCKET_EVENTS.PAYMENT_STATUS, {
      status: 'paid',
      from: 'node-1',
    });
    expect(await got).toEqual({ status: 'paid', from: 'node-1' });
  });
});
