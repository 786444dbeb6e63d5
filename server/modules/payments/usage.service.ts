import { GRACE_MS, isOverLimit } from '../../../lib/billing';
import type { UsageLimitEvent } from '../../../lib/contracts/payments';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';
import type { ProfilesRepository } from '../profiles/profiles.repository';
import { monthOf } from '../profiles/profile-upsert';
import type { PaymentsRepository } from './payments.repository';

/** The account's MAU limit and when it was reached this month (null while under it). */
export interface AccountLimit {
  mauLimit: number;
  overLimitSince: Date | null;
}

/** The account's usage this month against its limit (docs/product/screens.md#usage-limit). */
export interface UsageStatus {
  mauCount: number;
  /** Plan quota plus add-ons; 0 = unlimited. */
  mauLimit: number;
  /** When the count reached the limit this month; null while under it. */
  overLimitSince: Date | null;
  /** Grace is over: ingestion answers 402. */
  trackingPaused: boolean;
}

// Ingestion asks on every request; a few seconds of staleness is the price of not querying twice.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;
/** How long the SDK waits before trying again after a 402. */
const PAUSED_RETRY_AFTER_SECONDS = 3600;

const monthStartOf = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));

/**
 * MAU limit and grace: past the limit tracking keeps working for 7 days, then ingestion answers
 * 402 until a new month, add-ons or an upgrade bring the count under the limit. Nothing stored
 * is deleted.
 */
export function createUsageService(deps: {
  repo: PaymentsRepository;
  profiles: Pick<ProfilesRepository, 'monthlyActive'>;
  now: () => Date;
  /** The account's limit and grace start, with period-end changes applied. */
  limitOf: (userId: string) => Promise<AccountLimit>;
  /** Tells the user's dashboards the limit was reached. */
  emitLimit: (userId: string, event: UsageLimitEvent) => void;
}) {
  const cache = new Map<string, { at: number; status: UsageStatus }>();

  /** Reads the usage, starts or clears the grace period, and announces a first crossing. */
  async function evaluate(userId: string, known?: AccountLimit): Promise<UsageStatus> {
    const now = deps.now();
    const { mauLimit, overLimitSince } = known ?? (await deps.limitOf(userId));
    const mauCount = mauLimit === 0 ? 0 : await deps.profiles.monthlyActive(userId, monthOf(now));
    const over = isOverLimit(mauCount, mauLimit);
    const monthStart = monthStartOf(now);
    // A grace period started in an earlier month ended with that month's count.
    let since = overLimitSince && overLimitSince >= monthStart ? overLimitSince : null;
    if (over && !since) {
      since = now;
      if (await deps.repo.markOverLimit(userId, now, monthStart))
        deps.emitLimit(userId, { mau_count: mauCount, mau_limit: mauLimit });
    } else if (!over && overLimitSince) {
      since = null;
      await deps.repo.clearOverLimit(userId);
    }
    const status: UsageStatus = {
      mauCount,
      mauLimit,
      overLimitSince: over ? since : null,
      trackingPaused: over && since !== null && now.getTime() - since.getTime() > GRACE_MS,
    };
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(userId, { at: now.getTime(), status });
    return status;
  }

  function cached(userId: string) {
    const hit = cache.get(userId);
    const now = deps.now().getTime();
    // The clock is injectable (tests move it): an entry from the "future" is stale too.
    return hit && hit.at <= now && now - hit.at < CACHE_TTL_MS ? hit.status : undefined;
  }

  return {
    /** The usage shown on the dashboard (never cached: it must reflect a purchase at once). */
    status: (userId: string, known?: AccountLimit) => evaluate(userId, known),
    /**
     * Throws 402 once the grace period is over; cached for a few seconds per account. Returns the
     * usage (its MAU limit sizes the daily event allowance).
     */
    async allowIngest(ownerId: string): Promise<UsageStatus> {
      const status = cached(ownerId) ?? (await evaluate(ownerId));
      if (status.trackingPaused)
        throw new AppError(402, 'quota_exceeded', MESSAGES.payments.quotaExceeded, undefined, {
          'retry-after': String(PAUSED_RETRY_AFTER_SECONDS),
        });
      return status;
    },
    /** After a batch is stored: notices the count reaching the limit (once per month). */
    async afterIngest(ownerId: string) {
      if (cached(ownerId)?.overLimitSince) return;
      await evaluate(ownerId);
    },
    /** Forgets the cached usage of an account (its subscription changed). */
    clear(userId: string) {
      cache.delete(userId);
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
