import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { SOCKET_EVENTS, SOCKET_PATH, TAIL_SOCKET_EVENTS } from '../../lib/constants';
import type { AuthService } from '../modules/auth/auth.service';
import { parseBearer } from '../lib/bearer';
import { tailAllRoom, tailRoom, type Realtime } from './notifier';

export type { Realtime } from './notifier';

const userRoom = (userId: string) => `user:${userId}`;
// Server-side rooms (clients cannot ask for these) used to close sockets of revoked sessions.
const sessionRoom = (sessionId: number) => `session:${sessionId}`;
const sessionsOfUserRoom = (userId: string) => `sessions-of:${userId}`;

/**
 * Socket.IO on the API's HTTP server: websocket transport only, bearer token checked in the
 * handshake, and a client may join only its own user room. REDIS_URL spreads rooms over nodes.
 */
export function attachRealtime(opts: {
  server: HttpServer;
  auth: AuthService;
  redisUrl?: string;
  log: FastifyBaseLogger;
  /** Whether a user owns a brand (tail rooms). */
  ownsBrand?: (userId: string, brandId: number) => Promise<boolean>;
}): Realtime {
  const io = new Server(opts.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // Other upgrade requests (Next's dev HMR) must survive: don't destroy them.
    destroyUpgrade: false,
    cors: { origin: true, credentials: true },
  });
  const redisClients: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const c of [pub, sub])
      c.on('error', (err) => opts.log.warn({ err }, 'realtime redis error'));
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const raw = socket.handshake.auth?.token ?? parseBearer(socket.handshake.headers.authorization);
    try {
      const ctx = await opts.auth.authenticate(typeof raw === 'string' ? raw : undefined);
      socket.data.userId = ctx.user.id;
      socket.data.sessionId = ctx.sessionId;
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  // Sign-out, password reset and password change end sockets of those sessions, on every node.
  opts.auth.onSessionsRevoked(({ userId, sessionId, exceptSessionId }) => {
    const target =
      sessionId !== undefined
        ? io.in(sessionRoom(sessionId))
        : exceptSessionId !== undefined
          ? io.in(sessionsOfUserRoom(userId)).except(sessionRoom(exceptSessionId))
          : io.in(sessionsOfUserRoom(userId));
    target.disconnectSockets(true);
  });

  io.on('connection', (socket) => {
    void socket.join([
      sessionRoom(socket.data.sessionId as number),
      sessionsOfUserRoom(socket.data.userId as string),
    ]);
    socket.on(
      SOCKET_EVENTS.USER_JOIN_ROOM,
      (payload: unknown, ack?: (r: { ok: boolean; message?: string }) => void) => {
        const roomId = (payload as { room_id?: unknown } | null)?.room_id;
        if (typeof roomId !== 'string' || roomId !== socket.data.userId) {
          ack?.({ ok: false, message: 'You can only join your own room.' });
          return;
        }
        void socket.join(userRoom(roomId));
        ack?.({ ok: true });
      },
    );
    // No event_name (or null): the brand's every-code room of Live events.
    const tailTarget = (payload: unknown) => {
      const p = payload as { brand_id?: unknown; event_name?: unknown } | null;
      const brandId = Number(p?.brand_id);
      const event = p?.event_name ?? null;
      if (!Number.isInteger(brandId) || brandId <= 0) return null;
      if (event === null) return { brandId, room: tailAllRoom(brandId) };
      if (typeof event !== 'string' || !event) return null;
      return { brandId, room: tailRoom(brandId, event) };
    };
    socket.on(
      TAIL_SOCKET_EVENTS.JOIN,
      async (payload: unknown, ack?: (r: { ok: boolean; message?: string }) => void) => {
        const t = tailTarget(payload);
        const allowed =
          t !== null &&
          (await opts.ownsBrand?.(socket.data.userId as string, t.brandId).catch(() => false));
        if (!t || !allowed) {
          // Same answer for a missing and a foreign brand: nothing tells them apart.
          ack?.({ ok: false, message: 'Not found.' });
          return;
        }
        await socket.join(t.room);
        ack?.({ ok: true });
      },
    );
    socket.on(TAIL_SOCKET_EVENTS.LEAVE, (payload: unknown) => {
      const t = tailTarget(payload);
      if (t) void socket.leave(t.room);
    });
  });

  return {
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    emitToRoom(room, event, payload) {
      io.to(room).emit(event, payload);
    },
    mayHaveListeners(room) {
      return redisClients.length > 0 || (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
    },
    async close() {
      io.disconnectSockets(true);
      // io.close() would also close the HTTP server Fastify owns; close only the engine.
      io.engine.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
