import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../lib/messages';
import { AppError, unauthorized } from '../../errors';
import type { AuthContext } from '../auth/sessions';
import { writeKeyOf } from '../ingest/ingest.routes';
import { SERVER_KEY_PREFIX, type WriteKeys } from '../ingest/write-keys';
import type { UsersRepository } from '../users/users.repository';

/**
 * The product's secret server key in place of a dashboard token (docs/data-export.md, "Who may
 * export"), on the routes that opt in with `config: { serverKey: true }` (the data export only).
 * The key is sent as ingestion takes it (HTTP Basic user name or Bearer) and resolved by the same
 * cached lookup; it stands for its product's owner, bound to that one product, and is refused
 * from a browser (a request with `Origin`), as at ingestion (docs/tracking.md).
 */

/** A route's `config: { serverKey: true }`. */
const takesServerKey = (config: unknown) =>
  (config as { serverKey?: unknown } | undefined)?.serverKey === true;

/** The product a request's server key is bound to (none: a dashboard session or a link). */
const boundProduct = new WeakMap<FastifyRequest, number>();
export const serverKeyProduct = (req: FastifyRequest): number | undefined => boundProduct.get(req);

export function createServerKeyAuth(deps: {
  writeKeys: Pick<WriteKeys, 'resolve'>;
  users: Pick<UsersRepository, 'findById'>;
}) {
  /**
   * The owner's context when the request carries a server key on a route that takes one;
   * undefined otherwise (the session's bearer token decides). An unknown or revoked key is a 401.
   */
  return async (req: FastifyRequest): Promise<AuthContext | undefined> => {
    if (!takesServerKey(req.routeOptions.config)) return undefined;
    const key = writeKeyOf(req, undefined);
    if (!key?.startsWith(SERVER_KEY_PREFIX)) return undefined;
    const owner = await deps.writeKeys.resolve(key, req.ip);
    if (!owner?.trusted) throw unauthorized(MESSAGES.dataExport.unknownServerKey);
    if (req.headers.origin !== undefined)
      throw new AppError(403, 'server_key_in_browser', MESSAGES.ingest.serverKeyInBrowser);
    const user = await deps.users.findById(owner.ownerId);
    if (!user) throw unauthorized(MESSAGES.dataExport.unknownServerKey);
    boundProduct.set(req, owner.brandId);
    // No session: 0 names none (nothing on these routes reads it).
    return { user, sessionId: 0 };
  };
}
