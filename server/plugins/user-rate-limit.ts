import { MESSAGES } from '../../lib/messages';
import { tooManyRequests } from '../errors';
import type { CounterStore, LimitRule } from './rate-limit';

/**
 * Limits per signed-in user (docs/reports.md, "Sharing the analytics engine"), counted in the
 * same counter store as the address limits (in memory, or Redis across nodes):
 * - `analytics`: requests that read the analytics store (reports, funnel customers, Home, the
 *   tour and short-link reports, event lists, the live tail, a profile's events), counted once
 *   per request, at its first read, whatever the number of reads it fans out to;
 * - `writes`: every POST, PUT, PATCH and DELETE of the authenticated API, but reads sent as POST
 *   (routes with `config: { readOnly: true }`: the report queries).
 * The scheduler bounds how many reads run at once; these bound how many a user may ask for.
 */
export interface UserRateLimits {
  analytics: LimitRule;
  writes: LimitRule;
}

const MIN = 60_000;
/**
 * Far above what a person does (a dashboard of 20 pinned reports, refreshed every few seconds,
 * stays under 240 a minute; the builder's preview waits 0.6 s between changes), far below a
 * script's flood.
 */
export const DEFAULT_USER_RATE_LIMITS: UserRateLimits = {
  analytics: { max: 240, windowMs: MIN },
  writes: { max: 600, windowMs: MIN },
};

export function createUserRateLimit(
  counters: CounterStore,
  limits: UserRateLimits = DEFAULT_USER_RATE_LIMITS,
) {
  const take = async (name: keyof UserRateLimits, userId: string) => {
    const rule = limits[name];
    const { count, resetInMs } = await counters.hit(`user:${name}:${userId}`, rule.windowMs);
    if (count > rule.max) throw tooManyRequests(MESSAGES.http.tooManyRequests, resetInMs / 1000);
  };
  return {
    /** Counts one analytics-reading request of `userId`; throws a 429 past the limit. */
    analytics: (userId: string) => take('analytics', userId),
    /** Counts one write of `userId`; throws a 429 past the limit. */
    write: (userId: string) => take('writes', userId),
  };
}

/** A route's `config: { readOnly: true }`: a read sent as POST (a report query), not a write. */
export const readOnly = (config: unknown) =>
  (config as { readOnly?: unknown } | undefined)?.readOnly === true;

/** Whether a request of this method changes something (counted as a write). */
export const isWrite = (method: string) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
