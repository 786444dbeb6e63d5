import { MESSAGES } from '../../../lib/messages';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '../../../lib/constants';
import { notFound, unauthorized } from '../../errors';
import { hashToken } from '../../lib/tokens';
import type { UserRow } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import type { SessionCache } from './session-cache';

/** Which sessions just stopped being valid (so live sockets of them can be closed). */
export interface SessionsRevoked {
  userId: string;
  /** Only this session; without it, every session of the user... */
  sessionId?: number;
  /** ...except this one. */
  exceptSessionId?: number;
}

export interface AuthContext {
  user: UserRow;
  sessionId: number;
}

// Record a session's use at most once a minute so reads don't write on every request.
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Bearer sessions once signed in: resolving a token (through the session cache), the sessions
 * list of /profile, signing out one, the others or this one. Every revocation forgets the user's
 * cached sessions on every node before it answers, then tells listeners (realtime closes the
 * sockets of those sessions).
 */
export function createSessions(deps: { auth: AuthRepository; cache: SessionCache }) {
  const { auth, cache } = deps;
  /** Sessions created before this are over, however recently used (absolute lifetime). */
  const oldestLive = (now: Date) => new Date(now.getTime() - SESSION_MAX_AGE_MS);
  const revokedListeners = new Set<(e: SessionsRevoked) => void>();
  /** Cached sessions are forgotten on every node before the answer goes out; sockets close. */
  const revoked = async (e: SessionsRevoked) => {
    await cache.forgetUser(e.userId);
    revokedListeners.forEach((fn) => fn(e));
  };

  return {
    revoked,

    /**
     * Resolves a bearer token to its live session: sliding (30 days since the last use) within an
     * absolute lifetime (90 days since sign-in).
     */
    async authenticate(token: string | undefined): Promise<AuthContext> {
      if (!token) throw unauthorized(MESSAGES.http.unauthorized);
      const now = new Date();
      const tokenHash = hashToken(token);
      let found = await cache.get(tokenHash);
      // A remembered session still has to be live now: expiry and the absolute lifetime.
      if (found && (found.session.expiresAt <= now || found.session.createdAt <= oldestLive(now)))
        found = undefined;
      if (!found) {
        const epoch = await cache.epoch(tokenHash);
        found = await auth.findLiveSession(tokenHash, now, oldestLive(now));
        if (!found) throw unauthorized(MESSAGES.auth.sessionExpired);
        cache.set(tokenHash, found, epoch);
      }
      const { session, user } = found;
      if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        const end = new Date(
          Math.min(
            now.getTime() + SESSION_TTL_MS,
            session.createdAt.getTime() + SESSION_MAX_AGE_MS,
          ),
        );
        // The remembered copy slides too, so the next request within the minute writes nothing.
        session.lastUsedAt = now;
        session.expiresAt = end;
        await auth.touchSession(session.id, { expiresAt: end, lastUsedAt: now });
      }
      return { user, sessionId: session.id };
    },

    /** The user's live sessions for /profile: device, address, sign-in and last use. */
    async listSessions(ctx: AuthContext) {
      const now = new Date();
      const rows = await auth.listLiveSessions(ctx.user.id, now, oldestLive(now));
      return rows.map((r) => ({
        id: r.id,
        user_agent: r.userAgent,
        ip: r.ip,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt.toISOString(),
        current: r.id === ctx.sessionId,
      }));
    },

    /** Signs one of the user's sessions out (its sockets close); another user's answers 404. */
    async revokeSession(ctx: AuthContext, id: number) {
      if (!(await auth.revokeOwnSession(ctx.user.id, id))) throw notFound(MESSAGES.auth.noSession);
      await revoked({ userId: ctx.user.id, sessionId: id });
      return { message: MESSAGES.auth.sessionRevoked };
    },

    /** Signs every session but this one out. */
    async revokeOtherSessions(ctx: AuthContext) {
      await auth.revokeUserSessions(ctx.user.id, ctx.sessionId);
      await revoked({ userId: ctx.user.id, exceptSessionId: ctx.sessionId });
      return { message: MESSAGES.auth.otherSessionsRevoked };
    },

    /** Listens for revoked sessions (realtime closes their sockets). */
    onSessionsRevoked(listener: (e: SessionsRevoked) => void) {
      revokedListeners.add(listener);
    },

    async signOut(ctx: AuthContext) {
      await auth.revokeSession(ctx.sessionId);
      await revoked({ userId: ctx.user.id, sessionId: ctx.sessionId });
      return { message: 'Signed out.' };
    },
  };
}
