import { GRACE_MS, type Usage } from '@/lib/billing';
import type { UsageLimitEvent } from '@/lib/contracts/payments';

/** Where "Chat with us" of the Usage limit dialog leads. */
export const SUPPORT_MAILTO = 'mailto:support@signpost.dev';

// The MAU numbers and their summary are shared with Home: they live in lib/billing.ts.
export { usageSummary, type Usage, type UsageSummary } from '@/lib/billing';

/** A USAGE_LIMIT push as the socket provider stores it: stamped with its arrival time (ms). */
export type UsageLimitPush = UsageLimitEvent & { at: number };

/** When tracking stops: GRACE_DAYS after the count reached the limit; null when not over. */
export function trackingStopsAt(overLimitSince: string | null): Date | null {
  if (!overLimitSince) return null;
  const since = new Date(overLimitSince).getTime();
  return Number.isFinite(since) ? new Date(since + GRACE_MS) : null;
}

/**
 * The newest numbers: a push that arrived after the subscription was fetched wins, so the dialog
 * never shows "under the limit" while the subscription refetch is still on its way.
 */
export function latestUsage(
  quota: Usage,
  quotaUpdatedAt: number,
  push: UsageLimitPush | null | undefined,
): Usage {
  return push && push.at > quotaUpdatedAt
    ? { mau_count: push.mau_count, mau_limit: push.mau_limit }
    : { mau_count: quota.mau_count, mau_limit: quota.mau_limit };
}

/** MAUs are counted per UTC month, so a dismissal lasts until the month changes. */
export const usageMonth = (now = new Date()) => now.toISOString().slice(0, 7);

const dismissKey = (userId: string) => `usage-limit-dismissed:${userId}`;

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** sessionStorage when the browser offers it (it can throw in locked-down private modes). */
export function sessionStore(): SessionStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when the user closed the on-load dialog earlier this month in this browser session. */
export function isUsageDialogDismissed(
  store: SessionStore | null,
  userId: string,
  now = new Date(),
): boolean {
  try {
    return store?.getItem(dismissKey(userId)) === usageMonth(now);
  } catch {
    return false;
  }
}

/** Remembers the dismissal for the rest of this month and browser session. */
export function rememberUsageDialogDismissed(
  store: SessionStore | null,
  userId: string,
  now = new Date(),
): void {
  try {
    store?.setItem(dismissKey(userId), usageMonth(now));
  } catch {
    // Storage full or blocked: the dialog may show again on the next load, which is harmless.
  }
}
