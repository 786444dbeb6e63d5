import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createDiskWatermark } from './disk-space';

const MB = 1024 * 1024;

describe('createDiskWatermark', () => {
  it('answers 507 while free space is under the mark, measuring at most once per interval', async () => {
    let clock = 0;
    let free = 500 * MB;
    let measures = 0;
    const disk = createDiskWatermark({
      dir: '/data',
      minFreeBytes: 1024 * MB,
      refreshMs: 5_000,
      now: () => clock,
      statfs: async () => {
        measures++;
        return { bavail: free / 4096, bsize: 4096 };
      },
    });
    const refused = await disk.check().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(507);
    for (let i = 0; i < 100; i++) await disk.check().catch(() => undefined);
    expect(measures).toBe(1);
    free = 2048 * MB;
    clock = 5_000;
    // The request that finds the measure stale still answers from it; the new one lands after.
    await disk.check().catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    await expect(disk.check()).resolves.toBeUndefined();
    expect(measures).toBe(2);
  });

  it('does nothing when switched off', async () => {
    const disk = createDiskWatermark({
      dir: '/data',
      minFreeBytes: 0,
      statfs: async () => ({ bavail: 0, bsize: 4096 }),
    });
    await expect(disk.check()).resolves.toBeUndefined();
  });
});
