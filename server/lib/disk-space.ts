import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../lib/messages';
import { AppError } from '../errors';

type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/**
 * A free-space watermark under the data directory (docs/security.md, "Tenant isolation"):
 * ingestion answers 507 while less than `minFreeBytes` is free, before the disk fills and every
 * tenant's writes fail. The free space is measured at most every `refreshMs`, off the request's
 * path (a request uses the last measure; only the very first waits for one).
 */
export function createDiskWatermark(opts: {
  dir: string;
  minFreeBytes: number;
  refreshMs?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  statfs?: StatFs;
  now?: () => number;
}) {
  const now = opts.now ?? (() => Date.now());
  const measure = opts.statfs ?? (statfs as StatFs);
  const refreshMs = opts.refreshMs ?? 5_000;
  let freeBytes = Number.POSITIVE_INFINITY;
  let measuredAt = Number.NEGATIVE_INFINITY;
  let measuring: Promise<void> | null = null;
  let low = false;

  const refresh = async () => {
    try {
      const s = await measure(opts.dir);
      freeBytes = Number(s.bavail) * Number(s.bsize);
      const nowLow = freeBytes < opts.minFreeBytes;
      if (nowLow && !low)
        opts.log?.error(
          { dir: opts.dir, freeBytes, minFreeBytes: opts.minFreeBytes },
          'disk space: below DISK_MIN_FREE_MB; ingestion answers 507 until space is freed',
        );
      else if (!nowLow && low)
        opts.log?.info({ freeBytes }, 'disk space: above DISK_MIN_FREE_MB again');
      low = nowLow;
    } catch {
      // Unmeasurable (the directory is gone, or statfs is unsupported): keep the last measure.
    } finally {
      measuredAt = now();
      measuring = null;
    }
  };

  return {
    /** Throws 507 (with Retry-After) while the last measure is below the watermark. */
    async check() {
      if (opts.minFreeBytes <= 0) return;
      if (now() - measuredAt >= refreshMs) {
        const first = measuredAt === Number.NEGATIVE_INFINITY;
        measuring ??= refresh();
        if (first) await measuring;
      }
      if (low)
        throw new AppError(507, 'disk_low', MESSAGES.ingest.diskLow, undefined, {
          'retry-after': '60',
        });
    },
    freeBytes: () => freeBytes,
  };
}
export type DiskWatermark = ReturnType<typeof createDiskWatermark>;
