import {
  effectiveRetention,
  overPlanMessage,
  planOf,
  retentionAnswer,
  retentionCutoff,
  type Retention,
  type RetentionBody,
} from '../../../lib/contracts/retention';
import { MESSAGES } from '../../../lib/messages';
import type { AnalyticsStore } from '../../analytics/types';
import { AppError, notFound } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { RetentionCutoffsCache } from './retention-cutoffs';
import type { RetentionRepository, RetentionRow } from './retention.repository';

/**
 * A product's data retention (docs/retention.md): read and saved per product within its plan's
 * bound; the reads hide older events at once (the retained store), and a nightly purge deletes
 * them: one `retention.sweep` job a night enqueues one `retention.purge` job per product.
 */

export const RETENTION_SWEEP_JOB = 'retention.sweep';
const RETENTION_PURGE_JOB = 'retention.purge';
/** The purge runs every night from this hour (UTC). */
const RETENTION_PURGE_HOUR_UTC = 3;
/** How often each worker node makes sure tonight's sweep is queued. */
const RETENTION_TICK_MS = 15 * 60_000;
const PRODUCTS_PAGE = 500;

/** The next `hour`:00 UTC strictly after `from`. */
export function nextPurgeAt(from: Date, hour = RETENTION_PURGE_HOUR_UTC): Date {
  const at = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), hour));
  if (at <= from) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

export function createRetentionService(deps: {
  repo: RetentionRepository;
  cutoffs: Pick<RetentionCutoffsCache, 'changed' | 'close'>;
  store: Pick<AnalyticsStore, 'deleteEvents'>;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  /** The product's events changed or show differently: in-memory copies (event memory) let go. */
  onChanged?: (brandId: number) => void;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;

  const toDto = (row: RetentionRow): Retention =>
    retentionAnswer(row.retentionMonths, planOf(row.planCode), now());
  const owned = async (ownerId: string, brandId: number) => {
    const row = await repo.owned(ownerId, brandId);
    if (!row) throw notFound(MESSAGES.brands.notFound);
    return row;
  };

  /** Deletes the product's events past its retention; answers how many went. */
  async function purge(brandId: number): Promise<number> {
    // Read fresh, not cached: a purge must never use a retention shorter than the saved one.
    const row = await repo.of(brandId);
    if (!row) return 0;
    const months = effectiveRetention(row.retentionMonths, planOf(row.planCode));
    if (months === null) return 0;
    const deleted = await deps.store.deleteEvents({
      brandId,
      before: retentionCutoff(now(), months),
    });
    if (deleted > 0) {
      deps.onChanged?.(brandId);
      deps.log?.info({ brandId, deleted, months }, 'retention purge: events deleted');
    }
    return deleted;
  }

  /** One purge job per product (one unfinished per product); answers how many were enqueued. */
  async function enqueuePurges(): Promise<number> {
    let enqueued = 0;
    for (let after = 0; ;) {
      const page = await repo.productsAfter(after, PRODUCTS_PAGE);
      for (const p of page) {
        const id = await deps.jobs.enqueue(
          RETENTION_PURGE_JOB,
          { brandId: p.brandId },
          { dedupeKey: `retention-purge:${p.brandId}`, ownerId: p.ownerId, brandId: p.brandId },
        );
        if (id !== undefined) enqueued++;
      }
      if (page.length < PRODUCTS_PAGE) return enqueued;
      after = page.at(-1)!.brandId;
    }
  }

  deps.jobs.register(RETENTION_SWEEP_JOB, async () => void (await enqueuePurges()), {
    maxAttempts: 3,
  });
  deps.jobs.register<{ brandId: number }>(
    RETENTION_PURGE_JOB,
    async ({ payload }) => void (await purge(payload.brandId)),
    { maxAttempts: 5 },
  );

  /** Queues tonight's sweep unless it is queued already (every worker's tick may ask). */
  const tick = async () =>
    (await deps.jobs.enqueue(
      RETENTION_SWEEP_JOB,
      {},
      { dedupeKey: RETENTION_SWEEP_JOB, runAt: nextPurgeAt(new Date()) },
    )) !== undefined;

  return {
    async get(ownerId: string, brandId: number): Promise<Retention> {
      return toDto(await owned(ownerId, brandId));
    },

    /** Saves the months (null: the plan's maximum); above the plan's bound answers 400. */
    async update(ownerId: string, brandId: number, body: RetentionBody): Promise<Retention> {
      const row = await owned(ownerId, brandId);
      const months = body.retention_months;
      const message = overPlanMessage(months, planOf(row.planCode));
      if (message)
        throw new AppError(400, 'validation_error', message, [
          { path: 'retention_months', message },
        ]);
      if (!(await repo.save(ownerId, brandId, months))) throw notFound(MESSAGES.brands.notFound);
      // Hidden from the next read on, on every node.
      await deps.cutoffs.changed(brandId);
      deps.onChanged?.(brandId);
      return toDto({ ...row, retentionMonths: months });
    },

    purge,
    enqueuePurges,
    tick,
    /** Ticks now and every RETENTION_TICK_MS until `close` (server/index.ts, worker nodes). */
    start(onError?: (err: unknown) => void) {
      if (timer) return;
      const run = () => void tick().catch((err) => onError?.(err));
      timer = setInterval(run, RETENTION_TICK_MS);
      timer.unref();
      run();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await deps.cutoffs.close();
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;
