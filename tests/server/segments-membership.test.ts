import { describe, expect, it } from 'vitest';
import type { SegmentDefinition } from '@/lib/contracts/segments';
import { createSegmentEngine } from '@/server/modules/segments/engine/members';
import { createMembershipRepository } from '@/server/modules/segments/membership/membership.repository';
import { createSegmentMembership } from '@/server/modules/segments/membership/membership-sweep';
import { createSegmentsRepository } from '@/server/modules/segments/segments.repository';
import { createAccount, ingest, setupTestAccount, type TestAccount } from './helpers';

/**
 * Segment membership records (docs/segments.md, "Membership records"): the sweep, driven here on
 * a moved clock, records who entered and left each segment as rows and as `segment_entered` /
 * `segment_exited` events of the product, shown on the customer's timeline.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const orders = (timeframe: SegmentDefinition['conditions'][number]): SegmentDefinition => ({
  operator: 'AND',
  conditions: [timeframe],
});
/** At least 1 Order in the last `days` days (anytime without `days`). */
const ordered = (days?: number) =>
  orders({
    type: 'event',
    event_id: null,
    event_code: 'Order',
    frequency: { condition_type: 'at_least', value: 1 },
    timeframe:
      days === undefined
        ? { condition_type: 'anytime' }
        : { condition_type: 'in_the_last', value: days, unit: 'days' },
    attribute_conditions: [],
    attribute_condition_operator: 'AND',
  } as SegmentDefinition['conditions'][number]);

describe('segment membership records', () => {
  let clock = Date.now();
  const a = setupTestAccount({ now: () => new Date(clock), segmentCounts: false });
  const sweep = () => a.app.ctx.segmentMembership.sweep();
  const members = () => createMembershipRepository(a.database.db);

  /** The product's events of one code, newest first. */
  const events = (brandId: number, event: string) =>
    a.app.ctx.analytics.query({ kind: 'tail', brandId, event, limit: 100 });
  const order = async (t: Pick<TestAccount, 'writeKey'>, userId: string) => {
    const batch = [
      { type: 'identify', userId, traits: { name: userId } },
      { type: 'track', userId, event: 'Order' },
    ];
    const res = await ingest(a.app, t.writeKey, '/v1/batch', { batch });
    expect(res.json().accepted, res.body).toBe(2);
  };
  const segment = async (t: TestAccount, name: string, definition: SegmentDefinition) => {
    const res = await t.call('POST', '/v1/segments', { brand_id: t.brandId, name, definition });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const profileId = async (t: TestAccount, key: string) => {
    const res = await t.call('GET', `/v1/customer-profiles?brand_id=${t.brandId}&limit=100`);
    const found = (res.json().data.data as { id: number; customer_key: string }[]).find(
      (p) => p.customer_key === key,
    );
    return found!.id;
  };

  it('a customer whose time window lapses leaves within a minute and gets segment_exited once', async () => {
    const other = await createAccount(a.app, { brand: 'Other shop' });
    await order(a, 'buyer');
    await order(other, 'their-buyer');
    const big = await segment(a, 'Big spenders', ordered(1));
    const theirs = await segment(other, 'Buyers', ordered());

    clock += MINUTE;
    const first = await sweep();
    expect(first).toMatchObject({ segments: 2, entered: 2, exited: 0, failed: 0 });
    const entered = await events(a.brandId, 'segment_entered');
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({
      customerKey: 'buyer',
      userId: 'buyer',
      type: 'track',
      properties: { segment_id: big, segment_name: 'Big spenders' },
    });
    expect(await members().count(big)).toBe(1);
    // The stored count follows the sweep.
    expect((await a.call('GET', `/v1/segments/${big}`)).json().data.member_count).toBe(1);

    // Swept again within half a minute: claimed already, nothing computed.
    expect(await sweep()).toMatchObject({ segments: 0, entered: 0, exited: 0 });

    // The order is now more than a day old: the next sweep records the exit.
    clock += DAY;
    expect(await sweep()).toMatchObject({ segments: 2, entered: 0, exited: 1, failed: 0 });
    const exited = await events(a.brandId, 'segment_exited');
    expect(exited).toHaveLength(1);
    expect(exited[0]).toMatchObject({
      customerKey: 'buyer',
      timestamp: new Date(clock),
      properties: { segment_id: big, segment_name: 'Big spenders' },
    });
    expect(await members().count(big)).toBe(0);

    // A minute later nothing changed: no new event.
    clock += MINUTE;
    expect(await sweep()).toMatchObject({ segments: 2, entered: 0, exited: 0 });
    expect(await events(a.brandId, 'segment_exited')).toHaveLength(1);
    expect(await events(a.brandId, 'segment_entered')).toHaveLength(1);

    // The other product: its own customer, entered once, still a member; none of ours.
    const theirEntered = await events(other.brandId, 'segment_entered');
    expect(theirEntered.map((e) => [e.customerKey, e.properties.segment_id])).toEqual([
      ['their-buyer', theirs],
    ]);
    expect(await events(other.brandId, 'segment_exited')).toEqual([]);
    expect(await members().count(theirs)).toBe(1);

    // Deleting a segment removes its membership rows.
    expect((await other.call('DELETE', `/v1/segments/${theirs}`)).statusCode).toBe(200);
    expect(await members().count(theirs)).toBe(0);
    expect(await members().sweptAt(theirs)).toBeUndefined();
  });

  it("shows the entry on the customer's timeline", async () => {
    await order(a, 'timeline-buyer');
    const id = await segment(a, 'Recent buyers', ordered(7));
    clock += MINUTE;
    expect((await sweep()).failed).toBe(0);
    const res = await a.call(
      'GET',
      `/v1/customer-profiles/${await profileId(a, 'timeline-buyer')}/events?limit=10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const timeline = res.json().data.data as { event: string; properties: object }[];
    // Newest first: the entries (Big spenders holds this buyer too), then what was tracked.
    expect(timeline.map((e) => e.event).slice(0, 2)).toEqual([
      'segment_entered',
      'segment_entered',
    ]);
    expect(
      timeline
        .map((e) => e.event)
        .slice(2)
        .sort(),
    ).toEqual(['$identify', 'Order']);
    expect(timeline.slice(0, 2).map((e) => e.properties)).toContainEqual({
      segment_id: id,
      segment_name: 'Recent buyers',
    });
  });

  it('merges the members and the stored rows a page at a time, in profile id order', async () => {
    const c = await createAccount(a.app, { brand: 'Paged shop' });
    const db = a.database.db;
    // Pages of two profiles, two stored rows and two changes: every boundary is crossed.
    const paged = createSegmentMembership({
      segments: createSegmentsRepository(db),
      members: members(),
      engine: createSegmentEngine({
        db,
        store: a.app.ctx.analytics,
        now: () => clock,
        pageSize: 2,
      }),
      events: a.app.ctx.batcher,
      now: () => new Date(clock),
      pageSize: 2,
    });
    const plans = async (byUser: Record<string, string>) => {
      const batch = Object.entries(byUser).map(([userId, plan]) => ({
        type: 'identify',
        userId,
        traits: { plan },
      }));
      const res = await ingest(a.app, c.writeKey, '/v1/batch', { batch });
      expect(res.json().accepted, res.body).toBe(batch.length);
    };
    const keys = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'];
    await plans({ u1: 'pro', u2: 'pro', u3: 'free', u4: 'pro' });
    await plans({ u5: 'pro', u6: 'free', u7: 'pro', u8: 'free' });
    const id = await segment(c, 'Pro', {
      operator: 'AND',
      conditions: [
        { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      ],
    });
    const stored = async () => {
      const rows = await members().after(id, 0, 100);
      return rows.map((r) => r.customerKey).sort();
    };
    const recorded = async (event: string) =>
      (await events(c.brandId, event)).map((e) => e.customerKey).sort();

    clock += MINUTE;
    expect((await paged.sweep()).failed).toBe(0);
    expect(await stored()).toEqual(['u1', 'u2', 'u4', 'u5', 'u7']);

    await plans({ u1: 'free', u3: 'pro', u5: 'free', u6: 'pro', u8: 'pro' });
    clock += MINUTE;
    expect((await paged.sweep()).failed).toBe(0);
    expect(await stored()).toEqual(['u2', 'u3', 'u4', 'u6', 'u7', 'u8']);
    expect(await recorded('segment_entered')).toEqual(keys);
    expect(await recorded('segment_exited')).toEqual(['u1', 'u5']);
    await paged.close();
  });
});
