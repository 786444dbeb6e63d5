import { randomBytes } from 'node:crypto';
import type { BrandSources, BrandSourcesBody } from '../../../lib/contracts/brands';
import { MESSAGES } from '../../../lib/messages';
import { notFound } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { SERVER_KEY_PREFIX } from '../ingest/write-keys';
import type { BrandRow, BrandsRepository } from './brands.repository';

const newIdentitySecret = () => randomBytes(32).toString('hex');
const newServerKey = () => `${SERVER_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;

/**
 * Trusted sources of a product (docs/tracking.md, "Trusted sources"): allowed origins, signed
 * identities with their secret, and the secret server key (stored hashed, shown once).
 */
export function createBrandSourcesService(deps: {
  brands: BrandsRepository;
  /** Key caches forget the product's old settings at once. */
  onChanged?: () => void;
}) {
  const { brands } = deps;
  const changed = () => deps.onChanged?.();

  const owned = async (ownerId: string, id: number) => {
    const row = await brands.find(ownerId, id);
    if (!row) throw notFound(MESSAGES.brands.notFound);
    return row;
  };
  /** The identity secret is made the first time anyone looks (older products have none). */
  const withSecret = async (ownerId: string, row: BrandRow) => {
    if (row.identitySecret) return row;
    const updated = await brands.ensureIdentitySecret(ownerId, row.id, newIdentitySecret());
    changed();
    return updated ?? row;
  };
  const dto = (row: BrandRow): BrandSources => ({
    allowed_origins: row.allowedOrigins,
    require_signed_identity: row.requireSignedIdentity,
    identity_secret: row.identitySecret ?? '',
    server_key: row.serverKeyHint ? { hint: row.serverKeyHint } : null,
  });

  return {
    async get(ownerId: string, id: number) {
      return dto(await withSecret(ownerId, await owned(ownerId, id)));
    },
    async update(ownerId: string, id: number, body: BrandSourcesBody) {
      const row = await withSecret(ownerId, await owned(ownerId, id));
      const updated = await brands.update(ownerId, row.id, {
        allowedOrigins: [...new Set(body.allowed_origins)],
        requireSignedIdentity: body.require_signed_identity,
      });
      changed();
      return dto(updated ?? row);
    },
    /** A new identity secret: signatures made with the old one stop verifying. */
    async rotateIdentitySecret(ownerId: string, id: number) {
      await owned(ownerId, id);
      const updated = await brands.update(ownerId, id, { identitySecret: newIdentitySecret() });
      changed();
      return dto(updated!);
    },
    /** A new server key (the old one stops working); the only time it is shown. */
    async rotateServerKey(ownerId: string, id: number) {
      await owned(ownerId, id);
      const key = newServerKey();
      await brands.update(ownerId, id, {
        serverKeyHash: hashToken(key),
        serverKeyHint: key.slice(-4),
      });
      changed();
      return { server_key: key };
    },
    async revokeServerKey(ownerId: string, id: number) {
      const row = await owned(ownerId, id);
      if (!row.serverKeyHash) throw notFound(MESSAGES.brands.noServerKey);
      const updated = await brands.update(ownerId, id, {
        serverKeyHash: null,
        serverKeyHint: null,
      });
      changed();
      return dto(updated!);
    },
  };
}
export type BrandSourcesService = ReturnType<typeof createBrandSourcesService>;
