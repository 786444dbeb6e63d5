import { MESSAGES } from '../../../../lib/messages';
import { tooManyRequests } from '../../../errors';
import { AnalyticsScheduler, analyticsCaller, runAsCaller } from '../../../analytics/scheduler';

/**
 * How much of the shared stores one account's segment work may hold (docs/segments.md,
 * "Sharing the stores"). A walk (a preview, a member list, an export, a background count) reads
 * every profile of a product a page at a time; each page is a PostgreSQL read and an analytics
 * statement. One account may have `walksPerAccount` walks open and all accounts `walksTotal`
 * (past either, a new walk is refused with a 429 before it reads anything); of the open walks,
 * `pagesPerAccount` pages of one account and `pagesTotal` of all run at once, the next page
 * going to the account with the fewest running (the analytics scheduler's turns). A page never
 * waits for a slow client: an export holds no slot while its reader is behind.
 */
export interface SegmentWalkLimits {
  walksPerAccount: number;
  walksTotal: number;
  pagesPerAccount: number;
  pagesTotal: number;
  retryAfterSeconds: number;
}

/**
 * Four open walks per account cover a builder's preview, a members page, an export and the
 * background count at once; two pages of an account at a time match its two analytics reads
 * (docs/reports.md), and four pages in all keep the single PGlite connection's queue short for
 * every other request.
 */
export const DEFAULT_SEGMENT_WALK_LIMITS: SegmentWalkLimits = {
  walksPerAccount: 4,
  walksTotal: 64,
  pagesPerAccount: 2,
  pagesTotal: 4,
  retryAfterSeconds: 2,
};

export function createSegmentWalks(limits: SegmentWalkLimits = DEFAULT_SEGMENT_WALK_LIMITS) {
  // Every open walk has at most one page waiting, so an admitted walk's page is never refused.
  const pages = new AnalyticsScheduler(
    {
      perAccount: limits.pagesPerAccount,
      global: limits.pagesTotal,
      queuePerAccount: limits.walksPerAccount,
      queueTotal: limits.walksTotal,
      retryAfterSeconds: limits.retryAfterSeconds,
    },
    MESSAGES.http.segmentsBusy,
  );
  /** Open walks per account; an account's entry goes when its last walk ends. */
  const open = new Map<string, number>();
  let total = 0;

  return {
    /**
     * Opens a walk for the current request's account (none outside a request: jobs and
     * benchmarks are not counted). Throws a 429 past a cap; the returned function closes it
     * (calling it more than once closes it once).
     */
    enter(): () => void {
      const account = analyticsCaller.getStore()?.account;
      if (account === undefined) return () => undefined;
      const mine = open.get(account) ?? 0;
      if (mine >= limits.walksPerAccount || total >= limits.walksTotal)
        throw tooManyRequests(MESSAGES.http.segmentsBusy, limits.retryAfterSeconds);
      open.set(account, mine + 1);
      total++;
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        total--;
        const left = (open.get(account) ?? 1) - 1;
        if (left > 0) open.set(account, left);
        else open.delete(account);
      };
    },
    /** Runs one page of a walk when the account and the pool have room. */
    page<T>(work: () => Promise<T>): Promise<T> {
      return runAsCaller(pages, work);
    },
    /** Open walks and pages running/queued, in all or for one account (tests). */
    load(account?: string) {
      return {
        walks: account === undefined ? total : (open.get(account) ?? 0),
        ...pages.load(account),
      };
    },
  };
}
export type SegmentWalks = ReturnType<typeof createSegmentWalks>;
