import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '@/lib/contracts/segments';
import { createMembershipRepository } from '@/server/modules/segments/membership/membership.repository';
import { createAccount, ingest, setupTestAccount, type TestAccount } from './helpers';

/**
 * Segment membership on the job queue (docs/segments.md, "Membership records"; docs/jobs.md): the
 * scheduler enqueues one job per product due, never a second while one is unfinished, and the
 * workers' runs record the members.
 */

const MINUTE = 60_000;
const anyOrder: SegmentDefinition = {
  operator: 'AND',
  conditions: [
    {
      type: 'event',
      event_id: null,
      event_code: 'Order',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'anytime' },
      attribute_conditions: [],
      attribute_condition_operator: 'AND',
    } as SegmentDefinition['conditions'][number],
  ],
};

describe('segment membership jobs', () => {
  let clock = Date.now();
  const a = setupTestAccount({ now: () => new Date(clock), segmentCounts: false });
  const members = () => createMembershipRepository(a.database.db);
  const queued = async () => {
    const result = await a.database.db.execute(
      sql`SELECT dedupe_key, owner_id, brand_id FROM jobs
          WHERE kind = 'segment-membership' AND status = 'queued' ORDER BY brand_id`,
    );
    return (result as unknown as { rows: unknown[] }).rows;
  };
  const order = async (t: Pick<TestAccount, 'writeKey'>, userId: string) => {
    const batch = [{ type: 'track', userId, event: 'Order' }];
    const res = await ingest(a.app, t.writeKey, '/v1/batch', { batch });
    expect(res.json().accepted, res.body).toBe(1);
  };
  const segment = async (t: TestAccount, name: string) => {
    const res = await t.call('POST', '/v1/segments', {
      brand_id: t.brandId,
      name,
      definition: anyOrder,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it('enqueues one job per product due, never two, and the jobs record the members', async () => {
    const other = await createAccount(a.app, { brand: 'Other shop' });
    await order(a, 'buyer');
    await order(other, 'their-buyer');
    const ours = await segment(a, 'Buyers');
    const theirs = await segment(other, 'Buyers');
    const membership = a.app.ctx.segmentMembership;

    clock += MINUTE;
    expect(await membership.schedule()).toBe(2);
    // The next tick before they ran: each product has its job already.
    expect(await membership.schedule()).toBe(0);
    expect(await queued()).toEqual([
      {
        dedupe_key: `segment-membership:${a.brandId}`,
        owner_id: a.userId,
        brand_id: a.brandId,
      },
      {
        dedupe_key: `segment-membership:${other.brandId}`,
        owner_id: other.userId,
        brand_id: other.brandId,
      },
    ]);
    expect(await members().count(ours)).toBe(0);

    await a.app.ctx.jobs.drain();
    expect(await queued()).toEqual([]);
    expect(await members().count(ours)).toBe(1);
    expect(await members().count(theirs)).toBe(1);
    const entered = await a.app.ctx.analytics.query({
      kind: 'tail',
      brandId: a.brandId,
      event: 'segment_entered',
      limit: 10,
    });
    expect(entered.map((e) => e.customerKey)).toEqual(['buyer']);

    // Swept within the half period: no product is due.
    expect(await membership.schedule()).toBe(0);
    // A minute later both are due again; nothing changed, so no new event.
    clock += MINUTE;
    expect(await membership.schedule()).toBe(2);
    await a.app.ctx.jobs.drain();
    expect(
      await a.app.ctx.analytics.query({
        kind: 'tail',
        brandId: a.brandId,
        event: 'segment_entered',
        limit: 10,
      }),
    ).toHaveLength(1);
    expect(await members().sweptAt(ours)).toEqual(new Date(clock));
  });
});
