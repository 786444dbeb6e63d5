import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SegmentDefinition } from '@/lib/contracts/segments';
import { customerProfiles } from '@/server/db/schema';
import { estimateMembers } from '@/server/modules/segments/engine/estimate';
import {
  createSegmentEngine,
  SEGMENT_COUNT_PAGE_SIZE,
  SEGMENT_PREVIEW_BUDGET_MS,
} from '@/server/modules/segments/engine/members';
import { createAccount, setupTestAccount, type TestAccount } from './helpers';

/**
 * A preview over its time budget answers an estimate (docs/segments.md, "Preview"): the members
 * found so far scaled to the product, with a 95% interval; `exact: true` counts to the end. The
 * budget's clock is injected and moves a second per reading, so no test waits on time.
 */

// `contain` is not pushed into the page query (engine/prefilter.ts): every profile is read.
const pro: SegmentDefinition = {
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'contain', value: 'pro' }],
};
const none = () => undefined;

/** `n` profiles in the product, every third one on the pro plan (members spread evenly). */
async function profiles(
  db: ReturnType<typeof setupTestAccount>['database']['db'],
  brandId: number,
  n: number,
) {
  const seen = new Date('2026-11-01T00:00:00Z');
  const rows = Array.from({ length: n }, (_, i) => ({
    brandId,
    customerKey: `c${i}`,
    dataAttributes: { plan: i % 3 === 0 ? 'pro' : 'free' },
    firstSeen: seen,
    lastSeen: seen,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(customerProfiles).values(rows.slice(i, i + 500));
  return rows.filter((r) => r.dataAttributes.plan === 'pro').length;
}

describe('segment preview estimate', () => {
  const a = setupTestAccount({ segmentCounts: false });
  let small: TestAccount;
  let members = 0;
  beforeAll(async () => {
    members = await profiles(a.database.db, a.brandId, 300);
    small = await createAccount(a.app, { brand: 'Small shop' });
    await profiles(a.database.db, small.brandId, 10);
  });
  afterEach(() => vi.restoreAllMocks());

  /** An engine of pages of 10 whose clock moves 1 s per reading (2 s budget: 2 pages). */
  const engine = () => {
    let t = 0;
    return createSegmentEngine({
      db: a.database.db,
      store: a.app.ctx.analytics,
      pageSize: 10,
      timer: () => (t += 1_000),
      budgetMs: 2_000,
    });
  };

  it('stops at the budget and scales the members found to the product, the truth inside ci95', async () => {
    const got = await engine().count(a.brandId, pro, none, { estimate: true });
    expect(got.exact).toBe(false);
    // Two pages of 10 read: 7 members (ids 0, 3, …, 18), 7/20 of 300.
    expect(got.count).toBe(105);
    if (got.exact) return;
    const [low, high] = got.ci95;
    expect(low).toBeGreaterThanOrEqual(7);
    expect(low).toBeLessThanOrEqual(members);
    expect(high).toBeGreaterThanOrEqual(members);
    expect(high).toBeLessThanOrEqual(300);
    expect(got.sample.map((p) => p.customerKey)).toEqual([
      'c0',
      'c3',
      'c6',
      'c9',
      'c12',
      'c15',
      'c18',
    ]);
  });

  it('counts to the end without `estimate`, whatever the clock says', async () => {
    const got = await engine().count(a.brandId, pro, none);
    expect(got).toMatchObject({ exact: true, count: members });
    expect(got.sample).toHaveLength(10);
  });

  it('stays exact when the product ends within the budget or on its last page', async () => {
    const whole = await engine().count(small.brandId, pro, none, { estimate: true });
    expect(whole).toMatchObject({ exact: true, count: 4 });
    // Ten profiles are one full page: the next one is empty, nothing is left to estimate.
    const tight = createSegmentEngine({
      db: a.database.db,
      store: a.app.ctx.analytics,
      pageSize: 10,
      timer: () => 0,
      budgetMs: 0,
    });
    expect(await tight.count(small.brandId, pro, none, { estimate: true })).toMatchObject({
      exact: true,
      count: 4,
    });
  });

  it('bounds the interval by what is certain and narrows it as more is read', () => {
    expect(estimateMembers(0, 1_000, 100_000)).toEqual({ count: 0, ci95: [0, 379] });
    expect(estimateMembers(1_000, 1_000, 1_001).ci95).toEqual([1_000, 1_001]);
    const early = estimateMembers(30, 100, 10_000);
    const later = estimateMembers(3_000, 9_000, 10_000);
    expect(early.count).toBe(3_000);
    expect(later.count).toBe(3_333);
    expect(early.ci95[1] - early.ci95[0]).toBeGreaterThan(later.ci95[1] - later.ci95[0]);
    expect(estimateMembers(5, 10, 10)).toEqual({ count: 5, ci95: [5, 5] });
  });

  describe('POST /v1/segments/preview', () => {
    let big: TestAccount;
    let bigMembers = 0;
    beforeAll(async () => {
      big = await createAccount(a.app, { brand: 'Big shop' });
      bigMembers = await profiles(a.database.db, big.brandId, SEGMENT_COUNT_PAGE_SIZE + 200);
    });
    const preview = (who: TestAccount, extra: object = {}) =>
      who.call('POST', '/v1/segments/preview', {
        brand_id: who.brandId,
        definition: pro,
        ...extra,
      });
    /** The budget's clock (performance.now) jumps past the budget at every reading. */
    const slowClock = () => {
      let t = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (t += SEGMENT_PREVIEW_BUDGET_MS));
    };

    it('answers an estimate with its interval past the budget', async () => {
      slowClock();
      const res = await preview(big);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      // A preview reads 10,000 profiles a page: 3,334 of the first page's are members.
      expect(data).toMatchObject({ exact: false, count: Math.round((3_334 / 10_000) * 10_200) });
      expect(data.ci95[0]).toBeLessThanOrEqual(bigMembers);
      expect(data.ci95[1]).toBeGreaterThanOrEqual(bigMembers);
      expect(data.sample).toHaveLength(10);
    });

    it('counts exactly with `exact: true`, and a small product is exact anyway', async () => {
      slowClock();
      const res = await preview(big, { exact: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ exact: true, count: bigMembers });
      expect(res.json().data).not.toHaveProperty('ci95');
      const whole = await preview(small);
      expect(whole.json().data).toMatchObject({ exact: true, count: 4 });
    });

    it('refuses an `exact` that is not true or false', async () => {
      const res = await preview(big, { exact: 'yes' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('exact must be true or false');
    });
  });
});
