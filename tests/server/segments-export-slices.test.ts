import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '@/lib/contracts/segments';
import { createSegmentEngine } from '@/server/modules/segments/engine/members';
import { setupTestAccount } from './helpers';

/**
 * What the export writes a chunk at a time (docs/segments.md, "Export"): the engine hands its
 * members on in slices of at most `exportSlice`, whatever the page read from the database, so
 * a chunk of text stays small enough to die young (docs/performance.md, "Segments").
 */
describe('segment engine memberPages', () => {
  const a = setupTestAccount({ segmentCounts: false });
  const seen = new Date('2026-11-01T00:00:00Z');

  it('hands every member on in id order, in slices of at most exportSlice', async () => {
    await a.database.db.execute(sql`
      INSERT INTO customer_profiles (brand_id, customer_key, data_attributes, metadata,
        first_seen, last_seen)
      SELECT ${a.brandId}, 'k' || n,
        jsonb_build_object('plan', CASE WHEN n % 3 = 0 THEN 'pro' ELSE 'free' END), '{}'::jsonb,
        ${seen}, ${seen}
      FROM generate_series(1, 95) AS n`);
    const definition: SegmentDefinition = {
      operator: 'AND',
      conditions: [
        { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      ],
    };
    const engine = createSegmentEngine({
      db: a.database.db,
      store: a.app.ctx.analytics,
      pageSize: 40,
      exportSlice: 4,
    });
    const slices: number[][] = [];
    for await (const slice of engine.memberPages(a.brandId, definition, () => undefined))
      slices.push(slice.map((p) => p.customerKey).map((k) => Number(k.slice(1))));
    const members: number[] = [];
    for await (const p of engine.members(a.brandId, definition, () => undefined))
      members.push(Number(p.customerKey.slice(1)));
    expect(members).toHaveLength(31);
    expect(slices.flat()).toEqual(members);
    expect(slices.every((s) => s.length > 0 && s.length <= 4)).toBe(true);
    // 31 members in slices of 4 are at least 8 slices; each page of 40 profiles ends its own.
    expect(slices.length).toBeGreaterThanOrEqual(8);
  });
});
