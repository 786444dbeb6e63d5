import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/messages';
import { AppError } from '../errors';
import { productGatedStore, RUNTIME_READ_LIMITS } from './runtime-reads';
import type { AnalyticsStore, QueryOptions, QueryShape } from './types';

/**
 * The tour runtime's store reads are scheduled per product: one product's visitors whose
 * decisions all miss the event memory fill that product's place and queue, never another's.
 */
describe('tour runtime store reads', () => {
  function harness() {
    const started: { brandId: number; lane: QueryOptions['lane'] }[] = [];
    const release: (() => void)[] = [];
    const inner = {
      query: ((shape: QueryShape, opts?: QueryOptions) => {
        started.push({ brandId: 'brandId' in shape ? shape.brandId : -1, lane: opts?.lane });
        return new Promise<never[]>((resolve) => release.push(() => resolve([])));
      }) as AnalyticsStore['query'],
    };
    const gated = productGatedStore(inner);
    const ask = (brandId: number) =>
      gated.query({
        kind: 'visitorEvents',
        brandId,
        userId: null,
        anonymousId: 'anon',
        events: ['Order'],
        from: null,
        limit: 10,
      });
    const settle = () => new Promise((r) => setImmediate(r));
    return { gated, started, release, ask, settle };
  }

  it("refuses a product past its place and queue with a 429, while another product's read starts", async () => {
    const { gated, started, release, ask, settle } = harness();
    const { queuePerAccount } = RUNTIME_READ_LIMITS;
    const mine = Array.from({ length: 1 + queuePerAccount }, () => ask(1));
    await settle();
    expect(started).toEqual([{ brandId: 1, lane: 'runtime' }]);
    expect(gated.scheduler.load('product:1')).toEqual({ running: 1, queued: queuePerAccount });

    const refused = await ask(1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: MESSAGES.http.runtimeBusy });
    expect((refused as AppError).headers).toEqual({ 'retry-after': '2' });

    // Another product's read starts at once, ahead of product 1's queue.
    const other = ask(2);
    await settle();
    expect(started.map((s) => s.brandId)).toEqual([1, 2]);

    // Everything admitted is answered, one read of product 1 at a time.
    while (release.length > 0) {
      release.shift()!();
      await settle();
      await settle();
    }
    await Promise.all([...mine, other]);
    expect(started).toHaveLength(2 + queuePerAccount);
    expect(gated.scheduler.load()).toEqual({ running: 0, queued: 0 });
  });
});
