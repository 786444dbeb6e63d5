import type { Redis } from 'ioredis';

/** One hour: a visitor counts once per link per hour (docs/short-urls.md, "Unique clicks"). */
export const UNIQUE_WINDOW_MS = 3_600_000;
/** Fingerprints kept per hour in memory; past it, further clicks of the hour count as repeats. */
const MAX_PER_HOUR = 2_000_000;

/**
 * Remembers which click fingerprints (keyed hashes of address, user agent, link and hour) were
 * seen: in Redis when nodes share REDIS_URL (SET NX with an expiry), else in this process.
 */
export interface UniqueClicks {
  /** For each fingerprint in order: was it the first of its hour? */
  firstOf(clicks: { fingerprint: string; hour: number }[]): Promise<boolean[]>;
}

export function memoryUniqueClicks(): UniqueClicks {
  const hours = new Map<number, Set<string>>();
  return {
    async firstOf(clicks) {
      return clicks.map(({ fingerprint, hour }) => {
        let seen = hours.get(hour);
        if (!seen) {
          seen = new Set();
          hours.set(hour, seen);
          // Only this hour and the one before can still receive clicks.
          for (const h of hours.keys()) if (h < hour - 1) hours.delete(h);
        }
        if (seen.has(fingerprint) || seen.size >= MAX_PER_HOUR) return false;
        seen.add(fingerprint);
        return true;
      });
    },
  };
}

export function redisUniqueClicks(redis: Redis, prefix = 'signpost:su:'): UniqueClicks {
  return {
    async firstOf(clicks) {
      if (clicks.length === 0) return [];
      const pipeline = redis.pipeline();
      for (const c of clicks)
        pipeline.set(prefix + c.fingerprint, '1', 'PX', 2 * UNIQUE_WINDOW_MS, 'NX');
      const results = (await pipeline.exec()) ?? [];
      return clicks.map((_, i) => results[i]?.[1] === 'OK');
    },
  };
}
