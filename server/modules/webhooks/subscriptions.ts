import { createLru } from '../../lib/lru';

/**
 * What the enabled endpoints of each product subscribe to, from a bounded per-product cache
 * (docs/webhooks.md, "What publishing costs"): the modules whose every event may be a topic
 * (ingestion, link clicks) ask it first, so a product without endpoints costs one small read per
 * product every few seconds, never one per event. This node forgets a product as soon as one of
 * its endpoints is created, changed, deleted or disabled; other nodes within `ttlMs`.
 */

/** An enabled endpoint as publishing needs it: where its deliveries go and whose jobs they are. */
export interface SubscribedEndpoint {
  id: number;
  ownerId: string;
  topics: readonly string[];
}

export interface ProductSubscriptions {
  /** The enabled endpoints subscribed to `topic`. */
  to(topic: string): SubscribedEndpoint[];
  /** Some enabled endpoint is subscribed to `topic`. */
  wants(topic: string): boolean;
  /** The codes of the `event.<code>` topics subscribed to. */
  readonly eventCodes: ReadonlySet<string>;
}

const EVENT_PREFIX = 'event.';
const TTL_MS = 5_000;
/** Products remembered: an entry is a few hundred bytes per endpoint. */
const MAX_PRODUCTS = 10_000;

/** The subscriptions of a list of enabled endpoints. */
export function productSubscriptions(
  endpoints: readonly SubscribedEndpoint[],
): ProductSubscriptions {
  const byTopic = new Map<string, SubscribedEndpoint[]>();
  const eventCodes = new Set<string>();
  for (const e of endpoints)
    for (const topic of e.topics) {
      const list = byTopic.get(topic);
      if (list) list.push(e);
      else byTopic.set(topic, [e]);
      if (topic.startsWith(EVENT_PREFIX)) eventCodes.add(topic.slice(EVENT_PREFIX.length));
    }
  return {
    to: (topic) => byTopic.get(topic) ?? [],
    wants: (topic) => byTopic.has(topic),
    eventCodes,
  };
}

export function createWebhookSubscriptions(deps: {
  /** The product's enabled endpoints (one read). */
  load(brandId: number): Promise<SubscribedEndpoint[]>;
  ttlMs?: number;
  maxProducts?: number;
}) {
  const cache = createLru<ProductSubscriptions>({
    maxEntries: deps.maxProducts ?? MAX_PRODUCTS,
    ttlMs: deps.ttlMs ?? TTL_MS,
  });
  const loading = new Map<number, Promise<ProductSubscriptions>>();
  /** Bumped by every forget: a read that started before it is not kept. */
  let generation = 0;
  let lookups = 0;
  return {
    /** The product's subscriptions: from the cache, else one read shared by concurrent callers. */
    of(brandId: number): Promise<ProductSubscriptions> {
      const hit = cache.get(String(brandId));
      if (hit) return Promise.resolve(hit);
      const running = loading.get(brandId);
      if (running) return running;
      lookups++;
      const started = generation;
      const read = deps
        .load(brandId)
        .then((rows) => {
          const subs = productSubscriptions(rows);
          if (started === generation) cache.set(String(brandId), subs);
          return subs;
        })
        .finally(() => {
          if (loading.get(brandId) === read) loading.delete(brandId);
        });
      loading.set(brandId, read);
      return read;
    },
    /** An endpoint of the product changed: read it again at its next use. */
    forget(brandId: number) {
      generation++;
      cache.delete(String(brandId));
      loading.delete(brandId);
    },
    /** Reads made so far (tests check that ingestion does not read per event). */
    lookups: () => lookups,
  };
}
export type WebhookSubscriptions = ReturnType<typeof createWebhookSubscriptions>;
