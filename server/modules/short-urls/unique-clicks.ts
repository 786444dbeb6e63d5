import type { Redis } from 'ioredis';
import { HashSet64, key64 } from '../../lib/hash-set64';

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

/**
 * One set of 64-bit keys per clock hour: at 1,000 clicks a second an hour holds millions of
 * fingerprints, kept in typed arrays instead of a Set of strings, so the server's heap (and its
 * collection pauses) does not grow with them.
 */
export function memoryUniqueClicks(): UniqueClicks {
  const hours = new Map<number, HashSet64>();
  return {
    async firstOf(clicks) {
      return clicks.map(({ fingerprint, hour }) => {
        let seen = hours.get(hour);
        if (!seen) {
          seen = new HashSet64();
          hours.set(hour, seen);
          // Only this hour and the one before can still receive clicks.
          for (const h of hours.keys()) if (h < hour - 1) hours.delete(h);
        }
        if (seen.size >= MAX_PER_HOUR) return false;
        const [hi, lo] = key64(fingerprint);
        return seen.add(hi, lo);
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
