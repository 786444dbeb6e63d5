import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './constants';

/**
 * Exponential backoff with full jitter (uniform in [0, min(cap, base·2^attempt))): clients that
 * failed together do not retry together. A Retry-After from the server is a floor.
 */
export function retryDelay(attempt: number, retryAfterSeconds: number | null): number {
  const jittered = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}
