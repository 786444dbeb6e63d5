import { describe, expect, it } from 'vitest';
import { flowSchema, type Flow } from '@/lib/contracts/flows';
import { targetHealthSchema } from '@/lib/contracts/target-health';
import { mockTargetHealth } from '../mocks/flows.handlers';
import { aFlow, aStep } from '../fixtures/flows';

// The mock API's target health follows the server's rule (healthOf, lib/flows/target-health.ts),
// "Too few views to judge" included (docs/flows.md, "Target health").
const NOW = Date.UTC(2026, 0, 10, 12);
const tip = (id: string, selector: string) =>
  aStep({ id, type: 'tool_tip', select_element: { url: '/cart', selector } });
const tour = (selectors: string[], publish = true): Flow =>
  flowSchema.parse({
    ...aFlow({ publish, steps: selectors.map((s, i) => tip(`s${i + 1}`, s)) }),
    brand_id: 1,
    id: 7,
    status: publish ? 'published' : 'unpublished',
    created_at: new Date(NOW).toISOString(),
    updated_at: new Date(NOW).toISOString(),
  });

describe('mock target health', () => {
  it('judges step 1 on enough views and flags later steps seen too few times', () => {
    const health = mockTargetHealth(tour(['#a', '#b', '#c', '#d', '#e', '#f']), NOW)!;
    expect(targetHealthSchema.parse(health)).toEqual(health);
    expect(health.steps[0]).toMatchObject({ status: 'healthy', insufficient_data: false });
    expect(health.steps[0]!.views).toBeGreaterThanOrEqual(20);
    const few = health.steps.filter((s) => s.insufficient_data);
    expect(few.length).toBeGreaterThan(0);
    for (const s of few) expect(s).toMatchObject({ status: 'healthy' });
    expect(few.every((s) => s.views < 20)).toBe(true);
  });

  it('shows a target never found as broken, and drafts with none', () => {
    expect(mockTargetHealth(tour(['#missing-buy']), NOW)).toMatchObject({
      status: 'broken',
      steps: [{ status: 'broken', insufficient_data: false, last_found_at: null }],
    });
    expect(mockTargetHealth(tour(['#a'], false), NOW)).toBeUndefined();
  });
});
