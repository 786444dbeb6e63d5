import type { EventRow } from '../../analytics/types';
import type { ErasureRepository } from './erasure.repository';
import { customerHash } from './redact';

/**
 * Ingestion's check of suppressed customers (docs/data-rights.md, "Suppression"): for a product
 * that has any (the write-key lookup says so), the salted hashes of the batch's user ids are
 * looked up in one statement, and the events of suppressed ones are dropped. Nothing is kept in
 * memory: a product with many suppressions costs one indexed read per request, not a cache.
 */
export function createSuppressionCheck(deps: {
  repo: Pick<ErasureRepository, 'suppressedAmong'>;
  salt: Buffer;
}) {
  return {
    async keep(brandId: number, rows: EventRow[]) {
      const hashes = new Map<string, string>();
      for (const row of rows)
        if (row.userId !== null && !hashes.has(row.userId))
          hashes.set(row.userId, customerHash(deps.salt, brandId, row.userId));
      if (hashes.size === 0) return { rows, dropped: 0 };
      const suppressed = await deps.repo.suppressedAmong(brandId, [...hashes.values()]);
      if (suppressed.size === 0) return { rows, dropped: 0 };
      const kept = rows.filter(
        (row) => row.userId === null || !suppressed.has(hashes.get(row.userId)!),
      );
      return { rows: kept, dropped: rows.length - kept.length };
    },
  };
}
