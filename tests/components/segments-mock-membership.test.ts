import { describe, expect, it } from 'vitest';
import { createFlow } from '@/api/flows';
import { createSegment, updateSegment } from '@/api/segments';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { aFlow, aFlowCondition, aSegmentTrigger, aUrlTrigger } from '../fixtures/flows';
import { addProfile } from '../mocks/profiles.handlers';
import { signedInWithBrand } from './test-utils';

/**
 * The mock API's PUT /v1/segments/{id} answers `membership_change` by the server's rule
 * (docs/segments.md, "API"), from the mock data: for `npm run dev:mock` and the editor.
 */

const plan = (value: string): SegmentDefinitionInput => ({
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value }],
});

describe('mock API of segments: membership change of a save', () => {
  it('counts who joins and leaves for published tours reading the segment, else null', async () => {
    const brand = signedInWithBrand();
    for (const [i, p] of ['pro', 'pro', 'pro', 'free', 'free'].entries())
      addProfile(brand.id, { customer_key: `c${i}`, metadata: { plan: p } });
    const inner = await createSegment({
      brand_id: brand.id,
      name: 'Pros',
      definition: plan('pro'),
    });
    const outer = await createSegment({
      brand_id: brand.id,
      name: 'Outer',
      definition: {
        operator: 'AND',
        conditions: [{ type: 'segment', segment_id: inner.id, negate: false }],
      },
    });

    const alone = await updateSegment(inner.id, {
      brand_id: brand.id,
      name: 'Pros',
      definition: plan('free'),
    });
    expect(alone.membership_change).toBeNull();

    const tour = (segmentId: number, publish: boolean, name: string) =>
      createFlow({
        ...aFlow({
          brand_id: brand.id,
          name,
          condition: aFlowCondition(aUrlTrigger(), aSegmentTrigger({ segment_id: segmentId })),
        }),
        publish,
      });
    await tour(inner.id, false, 'Draft');
    const published = await tour(outer.id, true, 'Through outer');
    const changed = await updateSegment(inner.id, {
      brand_id: brand.id,
      name: 'Pros',
      definition: plan('pro'),
    });
    expect(changed.membership_change).toEqual({
      gained: 3,
      lost: 2,
      tours: [{ id: published.id, name: 'Through outer' }],
    });
    const renamed = await updateSegment(inner.id, {
      brand_id: brand.id,
      name: 'Pro customers',
      definition: plan('pro'),
    });
    expect(renamed.membership_change).toBeNull();
  });
});
