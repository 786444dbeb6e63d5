import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import type { BuilderRepository, BuilderSessionRow } from './builder.repository';

/**
 * Called with the session's origin once a code or token is known to belong to the calling page:
 * the route answers that origin in CORS, and no other (docs/builder.md, "Security model").
 */
export type AllowOrigin = (origin: string) => void;

/** A call of the builder from the customer's page: its bearer token and `Origin`. */
export interface BuilderCaller {
  token: string | undefined;
  origin: string | undefined;
  allow: AllowOrigin;
}

export const tokenInvalid = () =>
  new AppError(401, 'builder_token_invalid', MESSAGES.builder.tokenInvalid);

/**
 * The one check of a builder token, for every route that takes one (builder.service.ts,
 * builder-probe.service.ts): the session of the token, refused unless it is alive and called from
 * its own origin, which is then allowed in CORS (docs/builder.md, "Security model"). With
 * `pickOnly`, a preview token is refused too (403 `builder_preview_only`).
 */
export function builderAuthenticator(
  sessions: Pick<BuilderRepository, 'findByToken'>,
  now: () => Date,
) {
  return async (
    { token, origin, allow }: BuilderCaller,
    opts: { pickOnly?: boolean } = {},
  ): Promise<BuilderSessionRow> => {
    const row = token ? await sessions.findByToken(hashToken(token)) : undefined;
    if (!row?.tokenExpiresAt) throw tokenInvalid();
    if (origin !== row.origin)
      throw new AppError(403, 'builder_wrong_origin', MESSAGES.builder.wrongOrigin);
    allow(row.origin);
    if (row.tokenExpiresAt.getTime() <= now().getTime()) throw tokenInvalid();
    if (opts.pickOnly && row.mode !== 'pick')
      throw new AppError(403, 'builder_preview_only', MESSAGES.builder.previewOnly);
    return row;
  };
}
