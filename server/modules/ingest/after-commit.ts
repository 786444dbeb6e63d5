import type { FastifyBaseLogger } from 'fastify';
import type { Submission } from '../../analytics/batcher';
import { profilePatches } from '../profiles/profile-upsert';
import type { ProfilesRepository } from '../profiles/profiles.repository';

/**
 * What follows a committed batch of events: the customer profiles they touch are created or
 * updated, then each account's usage is checked (it may just have reached its MAU limit).
 * Idempotent: a batch replayed after a partial failure applies the same patches again.
 */
export function createAfterCommit(deps: {
  profiles: ProfilesRepository;
  usage: { afterIngest(ownerId: string): Promise<void> };
  log: FastifyBaseLogger;
}): (batch: Submission[]) => Promise<void> {
  return async (all) => {
    const batch = all.filter((s) => !s.derived);
    if (batch.length === 0) return;
    const owners = new Map<number, string>();
    for (const s of batch) for (const r of s.rows) owners.set(r.brandId, s.ownerId);
    const patches = profilePatches(batch.flatMap((s) => s.rows));
    for (const [brandId, list] of patches)
      await deps.profiles.applyPatches(brandId, owners.get(brandId) as string, list);
    // The events are stored: a usage check failing must not make clients send them again.
    for (const ownerId of new Set(batch.map((s) => s.ownerId)))
      await deps.usage
        .afterIngest(ownerId)
        .catch((err: unknown) => deps.log.warn({ err }, 'usage check after ingestion failed'));
  };
}
