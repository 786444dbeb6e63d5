import type { FastifyBaseLogger } from 'fastify';
import type { Submission } from '../../analytics/batcher';
import { profilePatches } from '../profiles/profile-upsert';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import type { IngestTopics } from '../webhooks/ingest-topics';

/**
 * What follows a committed batch of events: the customer profiles they touch are created or
 * updated (with their customer.created / customer.updated webhooks, in the same transaction),
 * the event.<code> webhooks of the events are recorded, then each account's usage is checked
 * (it may just have reached its MAU limit). Idempotent: a batch replayed after a partial failure
 * applies the same patches again, which create or change nothing the second time, and sends the
 * same webhook ids for its events (docs/webhooks.md, "Topics").
 */
export function createAfterCommit(deps: {
  profiles: ProfilesRepository;
  usage: { afterIngest(ownerId: string): Promise<void> };
  log: FastifyBaseLogger;
  /** Webhook topics of ingestion; each product's subscribers come from a cache. */
  webhooks?: Pick<IngestTopics, 'profileWatch' | 'events'>;
}): (batch: Submission[]) => Promise<void> {
  return async (all) => {
    const batch = all.filter((s) => !s.derived);
    if (batch.length === 0) return;
    const owners = new Map<number, string>();
    for (const s of batch) for (const r of s.rows) owners.set(r.brandId, s.ownerId);
    const rows = batch.flatMap((s) => s.rows);
    const patches = profilePatches(rows);
    for (const [brandId, list] of patches)
      await deps.profiles.applyPatches(
        brandId,
        owners.get(brandId) as string,
        list,
        await deps.webhooks?.profileWatch(brandId),
      );
    await deps.webhooks?.events(rows);
    // The events are stored: a usage check failing must not make clients send them again.
    for (const ownerId of new Set(batch.map((s) => s.ownerId)))
      await deps.usage
        .afterIngest(ownerId)
        .catch((err: unknown) => deps.log.warn({ err }, 'usage check after ingestion failed'));
  };
}
