import { describe, expect, it } from 'vitest';
import type { Submission } from '../../analytics/batcher';
import type { EventRow } from '../../analytics/types';
import { memoryCounterStore } from '../../plugins/rate-limit';
import { createDerivedQuota } from './derived-quota';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ messageId: String(i) }) as EventRow);

function setup(perMauPerDay = 2, mau: Record<string, number> = {}) {
  const stored: Submission[] = [];
  const warnings: unknown[] = [];
  let clock = new Date('2026-11-28T23:00:00Z');
  const quota = createDerivedQuota({
    batcher: { submit: async (s) => void stored.push(s) },
    counters: memoryCounterStore(),
    usage: {
      async allowIngest(ownerId) {
        if (ownerId === 'paused') throw new Error('402');
        return { mauLimit: mau[ownerId] ?? 1_000 };
      },
    },
    perMauPerDay,
    log: { warn: (...args: unknown[]) => void warnings.push(args) },
    now: () => clock,
  });
  const count = (owner: string) =>
    stored.filter((s) => s.ownerId === owner).reduce((n, s) => n + s.rows.length, 0);
  return { quota, stored, warnings, count, setClock: (d: Date) => (clock = d) };
}

describe('derived events quota', () => {
  it("stores an account's tour events and clicks up to its daily quota, then none, and only that account", async () => {
    // 2 per MAU: a 1,000-MAU plan stores 2,000 derived events a day.
    const t = setup();
    for (let i = 0; i < 5; i++)
      await t.quota.submit({ ownerId: 'a', rows: rows(500), derived: true });
    expect(t.count('a')).toBe(2_000);
    await t.quota.submit({ ownerId: 'b', rows: rows(100), derived: true });
    expect(t.count('b')).toBe(100);
    expect(t.warnings).toHaveLength(1);
    // The next UTC day starts afresh.
    t.setClock(new Date('2026-11-29T00:00:01Z'));
    await t.quota.submit({ ownerId: 'a', rows: rows(10), derived: true });
    expect(t.count('a')).toBe(2_010);
  });

  it('leaves ingested events to their own limits, and plans without a MAU limit unbounded', async () => {
    const t = setup(2, { unlimited: 0 });
    await t.quota.submit({ ownerId: 'a', rows: rows(5_000) });
    await t.quota.submit({ ownerId: 'unlimited', rows: rows(5_000), derived: true });
    expect(t.count('a')).toBe(5_000);
    expect(t.count('unlimited')).toBe(5_000);
  });

  it("applies the free plan's quota when the account's plan cannot be read", async () => {
    const t = setup();
    await t.quota.submit({ ownerId: 'paused', rows: rows(3_000), derived: true });
    expect(t.count('paused')).toBe(2_000);
  });
});
