import { MESSAGES } from '../../lib/messages';
import { AppError, tooManyRequests } from '../errors';
import { AnalyticsScheduler, type SchedulerLimits } from './scheduler';
import type { AnalyticsStore, QueryOptions, QueryShape } from './types';

/**
 * The tour runtime's store reads, shared fairly between products (docs/flows.md, "What a decision
 * costs"): a decision that cannot be answered from the event memory reads the visitor's events
 * from the store. One product at a time per read, two products' reads at once (the DuckDB reader
 * connection the report scheduler leaves free, plus one), and each product may queue 16 more; past
 * that the ask is refused with a 429 and the SDK asks again later. So a product whose visitors'
 * histories all miss the memory waits behind itself, never another product's visitors.
 */
export const RUNTIME_READ_LIMITS: SchedulerLimits = {
  perAccount: 1,
  global: 2,
  queuePerAccount: 16,
  queueTotal: 1_024,
  retryAfterSeconds: 2,
};

/** The store the tour runtime reads through: reads of one product are scheduled per product. */
export function productGatedStore(
  store: Pick<AnalyticsStore, 'query'>,
  scheduler = new AnalyticsScheduler(RUNTIME_READ_LIMITS),
): Pick<AnalyticsStore, 'query'> & { scheduler: AnalyticsScheduler } {
  const query = async <S extends QueryShape>(shape: S, opts?: QueryOptions) => {
    if (!('brandId' in shape)) return store.query(shape, opts);
    try {
      return await scheduler.run(`product:${shape.brandId}`, opts?.signal, () =>
        store.query(shape, { ...opts, lane: 'runtime' }),
      );
    } catch (err) {
      // The scheduler's refusal speaks of reports; the runtime's caller is a visitor's browser.
      if (err instanceof AppError && err.status === 429)
        throw tooManyRequests(MESSAGES.http.runtimeBusy, scheduler.limits.retryAfterSeconds);
      throw err;
    }
  };
  return { query: query as AnalyticsStore['query'], scheduler };
}
