import { SESSION_MAX_AGE_MS } from '../../../lib/constants';
import {
  DOWNLOAD_LINK_TTL_MS,
  DOWNLOAD_TOKEN_PARAM,
  downloadableLabels,
  downloadableRoute,
  type DownloadLink,
} from '../../../lib/contracts/download-links';
import { MESSAGES } from '../../../lib/messages';
import { AppError, unauthorized } from '../../errors';
import { createDownloadSigner, downloadLinkKey } from '../../lib/download-links';
import type { UsersRepository } from '../users/users.repository';
import type { AuthRepository } from './auth.repository';
import type { AuthContext } from './sessions';

/** An address split as the server received it: the raw path and its query's parameters. */
function splitUrl(url: string): { path: string; params: URLSearchParams } {
  const q = url.indexOf('?');
  return q < 0
    ? { path: url, params: new URLSearchParams() }
    : { path: url.slice(0, q), params: new URLSearchParams(url.slice(q + 1)) };
}

/**
 * Signed download links (docs/security.md, "Download links"): `issue` signs an allow-listed GET
 * address for the signed-in session; `authenticate` turns a request carrying such a link into
 * that session's user, so the route's own owner scoping applies as with the bearer token.
 */
export function createDownloadLinks(deps: {
  /** A server secret; the link key is derived from it. */
  secret: string;
  users: Pick<UsersRepository, 'findById'>;
  auth: Pick<AuthRepository, 'listLiveSessions'>;
  now: () => Date;
  ttlMs?: number;
}) {
  const signer = createDownloadSigner(downloadLinkKey(deps.secret));
  const ttl = deps.ttlMs ?? DOWNLOAD_LINK_TTL_MS;

  return {
    /** A link to GET `address` (path and query) for this session, valid for a minute. */
    issue(ctx: AuthContext, address: string): DownloadLink {
      const { path, params } = splitUrl(address);
      if (!downloadableRoute(path, params))
        throw new AppError(
          400,
          'not_downloadable',
          MESSAGES.downloads.notDownloadable(downloadableLabels()),
          [{ path: 'path', message: MESSAGES.downloads.notDownloadable(downloadableLabels()) }],
        );
      const expiresAt = deps.now().getTime() + ttl;
      const token = signer.sign(
        { userId: ctx.user.id, sessionId: ctx.sessionId },
        path,
        params,
        expiresAt,
      );
      const sep = params.size ? '&' : '?';
      return {
        url: `${address}${sep}${DOWNLOAD_TOKEN_PARAM}=${encodeURIComponent(token)}`,
        expires_at: new Date(expiresAt).toISOString(),
      };
    },

    /**
     * The session of a request that carries a download link (undefined when it carries none):
     * only a GET of an allow-listed address, with the signature of exactly that address, before
     * its expiry, by a user whose session is still live.
     */
    async authenticate(method: string, url: string): Promise<AuthContext | undefined> {
      const { path, params } = splitUrl(url);
      const tokens = params.getAll(DOWNLOAD_TOKEN_PARAM);
      if (tokens.length === 0) return undefined;
      const rest = new URLSearchParams([...params].filter(([k]) => k !== DOWNLOAD_TOKEN_PARAM));
      if (method !== 'GET' || tokens.length > 1 || !downloadableRoute(path, rest))
        throw new AppError(403, 'download_link_not_allowed', MESSAGES.downloads.linkNotHere);
      const now = deps.now();
      const check = signer.verify(tokens[0]!, path, rest, now.getTime());
      if (!check.ok)
        throw check.reason === 'expired'
          ? new AppError(401, 'download_link_expired', MESSAGES.downloads.linkExpired)
          : new AppError(401, 'invalid_download_link', MESSAGES.downloads.linkInvalid);
      const { userId, sessionId } = check.claims;
      const [user, live] = await Promise.all([
        deps.users.findById(userId),
        deps.auth.listLiveSessions(userId, now, new Date(now.getTime() - SESSION_MAX_AGE_MS)),
      ]);
      // Signing out (or a deleted account) ends the links the session made.
      if (!user || !live.some((s) => s.id === sessionId))
        throw unauthorized(MESSAGES.downloads.sessionEnded);
      return { user, sessionId };
    },
  };
}
export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
