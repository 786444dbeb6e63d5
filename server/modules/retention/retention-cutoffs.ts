import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { effectiveRetention, planOf, retentionCutoff } from '../../../lib/contracts/retention';
import type { RetentionCutoffs } from '../../analytics/retained-store';
import type { RetentionRepository } from './retention.repository';

/** Redis channel on which a node tells the others that a product's retention changed. */
const RETENTION_CHANGED_CHANNEL = 'signpost:retention:changed';
/** A backstop: without a message (no Redis, or a plan change) no node is older than this. */
const RETENTION_CACHE_TTL_MS = 5_000;
/** Products remembered at most; past it the one cached longest ago goes. */
const RETENTION_CACHE_PRODUCTS = 10_000;

interface Entry {
  months: Promise<number | null>;
  /** The months once read (what `peek` answers, also after expiry). */
  known?: number | null;
  until: number;
}

/**
 * Each product's retention as the analytics reads need it (docs/retention.md, "Hidden at once"):
 * the months that apply (the saved months within the plan's bound), read once and kept for
 * `ttlMs`, in a map bounded to `maxProducts`. A save forgets the product here at once and, with
 * Redis, on every other node (the published-tours cache does the same); without Redis other nodes
 * see it within `ttlMs`, as they see a plan change.
 */
export function createRetentionCutoffs(deps: {
  repo: Pick<RetentionRepository, 'of'>;
  /** The clock cutoffs are counted from (tests move it). */
  now: () => Date;
  redis?: Redis;
  log: Pick<FastifyBaseLogger, 'warn'>;
  ttlMs?: number;
  maxProducts?: number;
}): RetentionCutoffs & {
  months(brandId: number): Promise<number | null>;
  peek(brandId: number): number | null;
  visible<T extends { brandId: number; timestamp: Date }>(rows: T[]): T[];
  changed(brandId: number): Promise<void>;
  ready(): Promise<void>;
  close(): Promise<void>;
  size(): number;
} {
  const ttl = deps.ttlMs ?? RETENTION_CACHE_TTL_MS;
  const max = deps.maxProducts ?? RETENTION_CACHE_PRODUCTS;
  const cache = new Map<number, Entry>();

  function months(brandId: number): Promise<number | null> {
    const hit = cache.get(brandId);
    if (hit && hit.until > Date.now()) return hit.months;
    const entry: Entry = {
      months: deps.repo
        .of(brandId)
        .then((row) =>
          row ? effectiveRetention(row.retentionMonths, planOf(row.planCode)) : null,
        ),
      known: hit?.known,
      until: Date.now() + ttl,
    };
    cache.delete(brandId);
    while (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(brandId, entry);
    entry.months.then(
      (m) => {
        entry.known = m;
      },
      // A failed read is not remembered: the next read asks again.
      () => {
        if (cache.get(brandId) === entry) cache.delete(brandId);
      },
    );
    return entry.months;
  }

  /**
   * The cutoff in epoch ms as last read, without waiting (the tour runtime's event memory, the
   * live tail); an expired entry is read again behind the answer. Null when unknown or unlimited.
   */
  function peek(brandId: number): number | null {
    const hit = cache.get(brandId);
    if (!hit || hit.until <= Date.now()) void months(brandId).catch(() => undefined);
    const m = hit?.known;
    return m === undefined || m === null ? null : retentionCutoff(deps.now(), m).getTime();
  }

  const forget = (brandId: number) => cache.delete(brandId);
  const subscriber = deps.redis?.duplicate();
  subscriber?.on('error', (err) => deps.log.warn({ err }, 'redis subscriber error'));
  subscriber?.on('message', (_channel: string, message: string) => forget(Number(message)));
  const subscribed = subscriber
    ?.subscribe(RETENTION_CHANGED_CHANNEL)
    .catch((err: unknown) => deps.log.warn({ err }, 'could not subscribe to retention changes'));

  return {
    months,
    async cutoff(brandId) {
      const m = await months(brandId);
      return m === null ? null : retentionCutoff(deps.now(), m);
    },
    peek,
    /** The rows not past their product's retention as last read (what the live tail pushes). */
    visible(rows) {
      const floors = new Map<number, number>();
      return rows.filter((r) => {
        let floor = floors.get(r.brandId);
        if (floor === undefined) floors.set(r.brandId, (floor = peek(r.brandId) ?? -Infinity));
        return r.timestamp.getTime() >= floor;
      });
    },
    /** The product's retention was saved: forgotten here, and on the other nodes by message. */
    async changed(brandId) {
      forget(brandId);
      await deps.redis
        ?.publish(RETENTION_CHANGED_CHANNEL, String(brandId))
        .catch((err: unknown) => deps.log.warn({ err }, 'could not publish a retention change'));
    },
    ready: async () => {
      await subscribed;
    },
    async close() {
      if (!subscriber) return;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
    size: () => cache.size,
  };
}
export type RetentionCutoffsCache = ReturnType<typeof createRetentionCutoffs>;
