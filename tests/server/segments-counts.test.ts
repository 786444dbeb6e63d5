import { describe, expect, it, vi } from 'vitest';
import type { SegmentDefinition } from '@/lib/contracts/segments';
import { createBrandAccess } from '@/server/modules/brands/brand-access';
import { createBrandsRepository } from '@/server/modules/brands/brands.repository';
import { createSegmentCounts } from '@/server/modules/segments/engine/members-counts';
import type { SegmentEngine } from '@/server/modules/segments/engine/members';
import { createSegmentsRepository } from '@/server/modules/segments/segments.repository';
import { createSegmentsService } from '@/server/modules/segments/segments.service';
import { ingest, setupTestAccount } from './helpers';

/**
 * Stored member counts (docs/segments.md, "Member count"): an exact count the engine computes
 * for a saved segment is written to its row with computed_at, and the list and item show it;
 * saves ask the per-product count queue, one count at a time per product.
 */

const pro = {
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
} as SegmentDefinition;
const free = {
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'free' }],
} as SegmentDefinition;

interface Listed {
  id: number;
  member_count: number | null;
  computed_at: string | null;
}

describe('stored member counts', () => {
  // The app's own background count is off here: these tests drive the queue and the guard.
  const a = setupTestAccount({ segmentCounts: false });

  const make = async (name: string, definition: SegmentDefinition = pro) => {
    const res = await a.call('POST', '/v1/segments', { brand_id: a.brandId, name, definition });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const listed = async (id: number) => {
    const res = await a.call('GET', `/v1/segments?brand_id=${a.brandId}&limit=100`);
    return (res.json().data.data as Listed[]).find((s) => s.id === id)!;
  };

  it('stores the members total with computed_at; the list and the item answer them', async () => {
    const batch = [
      { type: 'identify', userId: 'c1', traits: { plan: 'pro' } },
      { type: 'identify', userId: 'c2', traits: { plan: 'pro' } },
      { type: 'identify', userId: 'c3', traits: { plan: 'free' } },
    ];
    expect((await ingest(a.app, a.writeKey, '/v1/batch', { batch })).json().accepted).toBe(3);
    const id = await make('Counted');

    const members = (await a.call('GET', `/v1/segments/${id}/members?limit=1`)).json().data;
    expect(members.total).toBe(2);
    const item = (await a.call('GET', `/v1/segments/${id}`)).json().data;
    expect(item).toMatchObject({ member_count: 2, computed_at: members.computed_at });
    expect(await listed(id)).toMatchObject({ member_count: 2, computed_at: members.computed_at });

    // A new name keeps the count; a new definition clears it until counted again.
    const renamed = await a.call('PUT', `/v1/segments/${id}`, {
      brand_id: a.brandId,
      name: 'Counted again',
      definition: pro,
    });
    expect(renamed.json().data.member_count).toBe(2);
    const redefined = await a.call('PUT', `/v1/segments/${id}`, {
      brand_id: a.brandId,
      name: 'Counted again',
      definition: free,
    });
    expect(redefined.json().data).toMatchObject({ member_count: null, computed_at: null });
    expect((await a.call('GET', `/v1/segments/${id}/members`)).json().data.total).toBe(1);
    expect(await listed(id)).toMatchObject({ member_count: 1 });
  });

  it('never stores a count of a definition the segment no longer has', async () => {
    const repo = createSegmentsRepository(a.database.db);
    const id = await make('Stale');
    await repo.storeCount(id, {
      brandId: a.brandId,
      definition: free,
      count: 7,
      computedAt: new Date(),
    });
    expect(await listed(id)).toMatchObject({ member_count: null, computed_at: null });
    const at = new Date('2026-01-02T03:04:05.000Z');
    await repo.storeCount(id, { brandId: a.brandId, definition: pro, count: 5, computedAt: at });
    // An older count never replaces a newer one.
    await repo.storeCount(id, {
      brandId: a.brandId,
      definition: pro,
      count: 9,
      computedAt: new Date('2025-01-01T00:00:00.000Z'),
    });
    expect(await listed(id)).toMatchObject({ member_count: 5, computed_at: at.toISOString() });
  });

  it('counts after a save, one count at a time per product, each queued segment once', async () => {
    const segments = createSegmentsRepository(a.database.db);
    const started: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let running = 0;
    let most = 0;
    const engine = {
      count: async () => {
        started.push('count');
        running++;
        most = Math.max(most, running);
        // The first count waits for the test; the others take a few turns of the event loop.
        if (started.length === 1) await gate;
        for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
        running--;
        return { count: 40 + started.length, sample: [], computedAt: new Date() };
      },
    } as unknown as SegmentEngine;
    const counts = createSegmentCounts({ segments, engine, pendingPerProduct: 2 });
    const svc = createSegmentsService({
      segments,
      access: createBrandAccess(createBrandsRepository(a.database.db)),
      counts,
    });
    const first = await svc.create(a.userId, { brand_id: a.brandId, name: 'Q1', definition: pro });
    // The save answered while its count is still running.
    expect(first.member_count).toBeNull();
    const second = await make('Q2');
    const third = await make('Q3');
    const fourth = await make('Q4');
    expect(counts.request(a.userId, a.brandId, second)).toBe(true);
    expect(counts.request(a.userId, a.brandId, second)).toBe(true);
    expect(counts.request(a.userId, a.brandId, third)).toBe(true);
    // Past the cap of two waiting segments, a request is dropped.
    expect(counts.request(a.userId, a.brandId, fourth)).toBe(false);

    open();
    await counts.idle();
    expect(started).toHaveLength(3);
    expect(most).toBe(1);
    expect((await listed(first.id)).member_count).toBe(41);
    expect((await listed(second)).member_count).toBe(42);
    expect((await listed(third)).member_count).toBe(43);
    expect((await listed(fourth)).member_count).toBeNull();
  });
});

describe('stored member counts, counted after a save by the app', () => {
  const b = setupTestAccount();

  it('counts a created segment in the background: the list shows its members', async () => {
    const batch = [
      { type: 'identify', userId: 'd1', traits: { plan: 'pro' } },
      { type: 'identify', userId: 'd2', traits: { plan: 'free' } },
    ];
    expect((await ingest(b.app, b.writeKey, '/v1/batch', { batch })).json().accepted).toBe(2);
    const res = await b.call('POST', '/v1/segments', {
      brand_id: b.brandId,
      name: 'Pro',
      definition: pro,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    // A bound on the wait for the background count, not a speed check.
    await vi.waitFor(
      async () => {
        const item = (await b.call('GET', `/v1/segments/${id}`)).json().data;
        expect(item.member_count).toBe(1);
        expect(item.computed_at).not.toBeNull();
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
