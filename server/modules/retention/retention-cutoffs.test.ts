import { describe, expect, it } from 'vitest';
import { createRetentionCutoffs } from './retention-cutoffs';
import type { RetentionRow } from './retention.repository';

/** The per-node cache of products' retention (docs/retention.md, "Hidden at once"). */

const NOW = new Date('2026-03-31T12:00:00Z');
const log = { warn: () => undefined };

function repo(rows: Map<number, RetentionRow>) {
  const reads: number[] = [];
  return {
    reads,
    of: async (brandId: number) => (reads.push(brandId), rows.get(brandId)),
  };
}
const row = (brandId: number, months: number | null, plan: string | null): RetentionRow => ({
  brandId,
  ownerId: 'u',
  retentionMonths: months,
  planCode: plan,
});

describe('retention cutoffs', () => {
  it('counts calendar months within the plan, and none on an unlimited plan', async () => {
    const r = repo(
      new Map([
        [1, row(1, null, 'free')],
        [2, row(2, 1, 'growth')],
        [3, row(3, 60, 'free')],
        [4, row(4, null, 'enterprise')],
        [5, row(5, null, null)],
      ]),
    );
    const cutoffs = createRetentionCutoffs({ repo: r, now: () => NOW, log });
    expect((await cutoffs.cutoff(1))?.toISOString()).toBe('2025-03-31T12:00:00.000Z');
    // 31 March minus a month: the last day of February.
    expect((await cutoffs.cutoff(2))?.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    // Saved on a larger plan: the Free plan's 12 months apply.
    expect(await cutoffs.months(3)).toBe(12);
    expect(await cutoffs.cutoff(4)).toBeNull();
    // No subscription counts as Free; an unknown product has no cutoff.
    expect(await cutoffs.months(5)).toBe(12);
    expect(await cutoffs.cutoff(99)).toBeNull();
  });

  it('reads a product once per period, again after a change, and stays bounded', async () => {
    const rows = new Map([[1, row(1, 6, 'free')]]);
    const r = repo(rows);
    const cutoffs = createRetentionCutoffs({ repo: r, now: () => NOW, log, maxProducts: 3 });
    expect(cutoffs.peek(1)).toBeNull(); // unknown yet: read behind the answer
    expect(await cutoffs.months(1)).toBe(6);
    expect(await cutoffs.months(1)).toBe(6);
    expect(r.reads).toEqual([1]);
    expect(cutoffs.peek(1)).toBe(Date.parse('2025-09-30T12:00:00Z'));

    // The live tail's rows: those past the cutoff are left out.
    const at = (iso: string) => ({ brandId: 1, timestamp: new Date(iso) });
    expect(cutoffs.visible([at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z')])).toEqual([
      at('2026-01-01T00:00:00Z'),
    ]);

    rows.set(1, row(1, 3, 'free'));
    await cutoffs.changed(1);
    expect(await cutoffs.months(1)).toBe(3);
    expect(r.reads).toEqual([1, 1]);

    for (const id of [2, 3, 4, 5]) await cutoffs.months(id);
    expect(cutoffs.size()).toBe(3);
    await cutoffs.close();
  });

  it('reads again once the period ran out', async () => {
    const r = repo(new Map([[1, row(1, 6, 'free')]]));
    const cutoffs = createRetentionCutoffs({ repo: r, now: () => NOW, log, ttlMs: 0 });
    await cutoffs.months(1);
    await cutoffs.months(1);
    expect(r.reads).toEqual([1, 1]);
  });
});
