import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { FlowDefinition } from '../../../db/schema';
import { sanitizeStepHtml } from '../../../lib/sanitize-html';
import type { FlowsRepository } from '../flows.repository';
import type { Candidate } from './decide';

/** A published tour as the runtime keeps it. */
export interface PublishedFlow extends Candidate {
  name: string;
  definition: FlowDefinition;
  /** The steps as visitors get them: content sanitised again once, when the list is read. */
  steps: FlowDefinition['steps'];
  /** When the tour was last saved: an unchanged tour is not sanitised again on a re-read. */
  updatedAt: Date;
}

interface Entry {
  /** What requests get: the last list read, or the first read while none was. */
  flows: Promise<Map<number, PublishedFlow>>;
  until: number;
  loaded?: Map<number, PublishedFlow>;
}

/** Redis channel on which a node tells the others that a product's published tours changed. */
export const FLOWS_CHANGED_CHANNEL = 'signpost:flows:changed';
/** A backstop: even without a message, no node serves a product's list longer than this. */
const TTL_MS = 10_000;
const MAX_PRODUCTS = 5_000;

/**
 * The published tours of each product, read once and kept until a tour of that product is
 * published, unpublished, saved or deleted (docs/adr/0012-flow-runtime-cost.md). With Redis, the
 * node that changed a tour publishes the product's id and every node forgets its copy at once.
 */
export function createPublishedFlows(deps: {
  flows: Pick<FlowsRepository, 'listPublished'>;
  redis?: Redis;
  log: FastifyBaseLogger;
  ttlMs?: number;
}) {
  const ttl = deps.ttlMs ?? TTL_MS;
  const cache = new Map<number, Entry>();

  /** Reads the list; a tour unchanged since `previous` keeps its sanitised steps. */
  const load = async (brandId: number, previous?: Map<number, PublishedFlow>) => {
    const rows = await deps.flows.listPublished(brandId);
    return new Map(
      rows.map((r) => {
        const before = previous?.get(r.id);
        if (before && before.updatedAt.getTime() === r.updatedAt.getTime()) return [r.id, before];
        const flow: PublishedFlow = {
          id: r.id,
          name: r.name,
          definition: r.definition,
          steps: r.definition.steps.map((s) => ({ ...s, content: sanitizeStepHtml(s.content) })),
          publishedAt: r.publishedAt ?? r.updatedAt,
          updatedAt: r.updatedAt,
        };
        return [r.id, flow];
      }),
    );
  };

  const subscriber = deps.redis?.duplicate();
  subscriber?.on('error', (err) => deps.log.warn({ err }, 'redis subscriber error'));
  subscriber?.on('message', (_channel: string, message: string) => {
    cache.delete(Number(message));
  });
  const subscribed = subscriber
    ?.subscribe(FLOWS_CHANGED_CHANNEL)
    .catch((err: unknown) => deps.log.warn({ err }, 'could not subscribe to flow changes'));

  return {
    /** Waits until this node listens for other nodes' changes (tests, start-up). */
    ready: async () => {
      await subscribed;
    },

    /**
     * The product's published tours by id. Past the backstop expiry the copy in hand still
     * answers while a fresh one is read (a change forgets the copy at once instead).
     */
    get(brandId: number): Promise<Map<number, PublishedFlow>> {
      const now = Date.now();
      const hit = cache.get(brandId);
      if (hit && hit.until > now) return hit.flows;
      const flows = load(brandId, hit?.loaded);
      if (cache.size >= MAX_PRODUCTS) cache.clear();
      const entry: Entry = { flows: hit?.loaded ? hit.flows : flows, until: now + ttl };
      cache.set(brandId, entry);
      flows.then(
        (loaded) => {
          if (cache.get(brandId) !== entry) return;
          entry.flows = flows;
          entry.loaded = loaded;
        },
        // A failed read is not remembered: the next request tries again.
        () => {
          if (cache.get(brandId) === entry) cache.delete(brandId);
        },
      );
      return entry.flows;
    },

    /** Reads the product's published tours again now (a session's tour looked missing). */
    reload(brandId: number) {
      cache.delete(brandId);
      return this.get(brandId);
    },

    /** A tour of the product changed: this node forgets it now, the others on the message. */
    async changed(brandId: number) {
      cache.delete(brandId);
      await deps.redis
        ?.publish(FLOWS_CHANGED_CHANNEL, String(brandId))
        .catch((err: unknown) => deps.log.warn({ err }, 'could not publish a flow change'));
    },

    async close() {
      if (!subscriber) return;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
export type PublishedFlows = ReturnType<typeof createPublishedFlows>;
