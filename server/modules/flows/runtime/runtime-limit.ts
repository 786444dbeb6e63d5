import type { Redis } from 'ioredis';
import { MESSAGES } from '../../../../lib/messages';
import type { Env } from '../../../env';
import {
  memoryTokenBuckets,
  redisTokenBuckets,
  spendOrRefuse,
  type TokenBuckets,
} from '../../ingest/fair-use';

/**
 * A token bucket per product for the runtime's public calls (docs/flows.md, "Runtime API"): a
 * write key is public, so one product's flood of asks never takes the server from the others.
 * Past it, 429 with Retry-After. Shared by every node through Redis when there is one.
 */
export function createRuntimeLimit(opts: {
  buckets: TokenBuckets;
  ratePerSecond: number;
  burst: number;
}): ((brandId: number) => Promise<void>) | undefined {
  const { buckets, ratePerSecond, burst } = opts;
  if (ratePerSecond <= 0) return undefined;
  const limit = { ratePerSecond, burst, message: MESSAGES.flows.runtimeRateLimited(ratePerSecond) };
  return (brandId) => spendOrRefuse(buckets, `tours:${brandId}`, 1, limit);
}

/** The limit as configured (FLOW_RUNTIME_RATE_PER_KEY, FLOW_RUNTIME_BURST_PER_KEY). */
export const runtimeLimitFor = (env: Env, redis: Redis | undefined) =>
  createRuntimeLimit({
    buckets: redis ? redisTokenBuckets(redis) : memoryTokenBuckets(),
    ratePerSecond: env.FLOW_RUNTIME_RATE_PER_KEY,
    burst: env.FLOW_RUNTIME_BURST_PER_KEY,
  });
