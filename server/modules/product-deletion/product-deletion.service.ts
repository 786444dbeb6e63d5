import {
  PRODUCT_DELETION_GRACE_MS,
  type ProductDeletion,
} from '../../../lib/contracts/product-deletion';
import { MESSAGES } from '../../../lib/messages';
import type { AnalyticsStore } from '../../analytics/types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { BrandAccess } from '../brands/brand-access';
import type { ProductDeletionRepository, ProductDeletionRow } from './product-deletion.repository';

/**
 * Deleting a product with a grace period (docs/data-rights.md, "Deleting a product"): the
 * request, with the product's name typed to confirm, records when it is due (24 hours later) and
 * enqueues a `product.delete` job for then, in one transaction; cancelling removes the record,
 * and the job, when it runs, finds nothing to do. When due, the job deletes the product's events
 * from the analytics store, then the product (everything of it in the database goes with it).
 */

export const PRODUCT_DELETE_JOB = 'product.delete';
/** The events of a product deleted at once (the Products page's Delete), purged after it. */
export const PRODUCT_PURGE_JOB = 'product.purge-events';

interface Payload {
  brandId: number;
  /** The due time the job was enqueued for (ms): a request cancelled and asked again has its own. */
  dueAt: number;
}

const toDto = (row: ProductDeletionRow): ProductDeletion => ({
  brand_id: row.brandId,
  requested_by: row.requestedBy,
  requested_at: row.requestedAt.toISOString(),
  due_at: row.dueAt.toISOString(),
});

export function createProductDeletionService(deps: {
  db: Db;
  repo: ProductDeletionRepository;
  access: BrandAccess;
  store: Pick<AnalyticsStore, 'deleteEvents'>;
  jobs: Pick<JobQueue, 'enqueue' | 'register'>;
  /** The product is gone: caches keyed by it (write keys, the runtime's event memory) let go. */
  deleted?: (brandId: number) => void;
  log?: { info: (obj: object, msg: string) => void };
  now?: () => Date;
  graceMs?: number;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const grace = deps.graceMs ?? PRODUCT_DELETION_GRACE_MS;

  async function run({ brandId, dueAt }: Payload) {
    const pending = await repo.find(brandId);
    // Cancelled (or cancelled and asked again: that request has a job of its own).
    if (!pending || pending.dueAt.getTime() !== dueAt) return;
    // Events first: a run stopped between the two steps is run again, and finds the product.
    const events = await deps.store.deleteEvents({ brandId });
    await repo.deleteProduct(brandId);
    deps.deleted?.(brandId);
    deps.log?.info({ brandId, events }, 'product deleted after its grace period');
  }

  deps.jobs.register<Payload>(PRODUCT_DELETE_JOB, (job) => run(job.payload), { maxAttempts: 10 });
  deps.jobs.register<{ brandId: number }>(
    PRODUCT_PURGE_JOB,
    async ({ payload: { brandId } }) => {
      const events = await deps.store.deleteEvents({ brandId });
      deps.deleted?.(brandId);
      deps.log?.info({ brandId, events }, 'deleted product: events purged');
    },
    { maxAttempts: 10 },
  );

  return {
    async get(ownerId: string, brandId: number) {
      await deps.access.owned(ownerId, brandId);
      const row = await repo.find(brandId);
      return row ? toDto(row) : null;
    },

    async request(ownerId: string, requestedBy: string, brandId: number, typed: string) {
      const brand = await deps.access.owned(ownerId, brandId);
      if (typed.trim() !== brand.name) {
        const message = MESSAGES.productDeletion.nameMismatch(brand.name);
        throw new AppError(400, 'validation_error', message, [{ path: 'name', message }]);
      }
      const at = now();
      const row = await deps.db.transaction(async (tx) => {
        const kept = await repo.request(tx, {
          brandId,
          requestedBy,
          requestedAt: at,
          dueAt: new Date(at.getTime() + grace),
        });
        await deps.jobs.enqueue<Payload>(
          PRODUCT_DELETE_JOB,
          { brandId, dueAt: kept.dueAt.getTime() },
          {
            tx,
            runAt: kept.dueAt,
            ownerId,
            brandId,
            dedupeKey: `product-delete:${brandId}:${kept.dueAt.getTime()}`,
          },
        );
        return kept;
      });
      return toDto(row);
    },

    async cancel(ownerId: string, brandId: number) {
      await deps.access.owned(ownerId, brandId);
      return repo.cancel(brandId);
    },
  };
}
export type ProductDeletionService = ReturnType<typeof createProductDeletionService>;
