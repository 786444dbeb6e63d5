import { describe, expect, it } from 'vitest';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import {
  createSegment,
  exportSegmentMembersCsv,
  listSegmentMembers,
  previewSegment,
} from '@/api/segments';
import { addProfile, addTrackedEvent } from '../mocks/profiles.handlers';
import { signedInWithBrand } from './test-utils';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Five customers: three on the pro plan; customers 1 and 2 ordered twice within the last day. */
function seedShop() {
  const brand = signedInWithBrand();
  const people = [0, 1, 2, 3, 4].map((i) =>
    addProfile(brand.id, {
      customer_key: `c${i}`,
      email: `c${i}@example.com`,
      metadata: { plan: i < 3 ? 'pro' : 'free' },
    }),
  );
  for (const i of [1, 2, 3])
    for (const h of [1, 2])
      addTrackedEvent(people[i], { event: 'order_completed', timestamp: ago(h * HOUR) });
  addTrackedEvent(people[0], { event: 'order_completed', timestamp: ago(48 * HOUR) });
  return { brand, people };
}

type Condition = SegmentDefinitionInput['conditions'][number];

const proPlan: Condition = {
  type: 'customer',
  customer_key: 'plan',
  condition_type: 'exact',
  value: 'pro',
};
const twoOrdersToday: Condition = {
  type: 'event',
  event_code: 'order_completed',
  frequency: { condition_type: 'at_least', value: 2 },
  timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
};

describe('mock API of segments: preview and members (npm run dev:mock)', () => {
  it('counts attributes AND events, a group, and "not in segment" from the mock data', async () => {
    const { brand } = seedShop();
    const both: SegmentDefinitionInput = { operator: 'AND', conditions: [proPlan, twoOrdersToday] };
    const preview = await previewSegment({ brand_id: brand.id, definition: both });
    expect(preview).toMatchObject({ count: 2, exact: true });
    expect(preview.sample.map((p) => p.customer_key)).toEqual(['c1', 'c2']);

    const either = { operator: 'OR' as const, conditions: [proPlan, twoOrdersToday] };
    expect((await previewSegment({ brand_id: brand.id, definition: either })).count).toBe(4);

    const pro = await createSegment({
      brand_id: brand.id,
      name: 'Pro',
      definition: { operator: 'AND', conditions: [proPlan] },
    });
    const notPro: SegmentDefinitionInput = {
      operator: 'AND',
      conditions: [
        {
          type: 'group',
          operator: 'OR',
          conditions: [{ type: 'segment', segment_id: pro.id, negate: true }],
        },
      ],
    };
    const out = await previewSegment({ brand_id: brand.id, definition: notPro });
    expect(out.sample.map((p) => p.customer_key)).toEqual(['c3', 'c4']);
  });

  it('refuses a definition with a problem, with the path and message of the server', async () => {
    const { brand } = seedShop();
    await expect(
      previewSegment({ brand_id: brand.id, definition: { operator: 'AND', conditions: [] } }),
    ).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.segments.noConditions,
      data: { details: [{ path: 'definition.conditions' }] },
    });
  });

  it('pages the members by profile id and exports every one as CSV', async () => {
    const { brand } = seedShop();
    const all = await createSegment({
      brand_id: brand.id,
      name: 'Everyone with an e-mail',
      definition: {
        operator: 'AND',
        conditions: [
          { type: 'customer', customer_key: 'email', condition_type: 'not_empty', value: null },
        ],
      },
    });
    const first = await listSegmentMembers(all.id, { limit: 3 });
    expect(first.data.map((p) => p.customer_key)).toEqual(['c0', 'c1', 'c2']);
    expect(first.total).toBe(5);
    const second = await listSegmentMembers(all.id, { limit: 3, cursor: first.nextCursor! });
    expect(second.data.map((p) => p.customer_key)).toEqual(['c3', 'c4']);
    expect(second.nextCursor).toBeNull();

    const csv = (await exportSegmentMembersCsv(all.id)).trim().split('\n');
    expect(csv[0]).toBe('id,customer_key,email,name,first_seen,last_seen');
    expect(csv).toHaveLength(6);
  });
});
