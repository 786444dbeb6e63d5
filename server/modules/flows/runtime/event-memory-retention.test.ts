import { describe, expect, it } from 'vitest';
import type { EventCondition } from '../../../../lib/contracts/flows';
import type { AnalyticsStore, CodeEvent } from '../../../analytics/types';
import { createEventMemory, type EventMemory } from './event-memory';

/**
 * The tour runtime's event memory and retention (docs/retention.md): events it holds that are past
 * the product's retention cutoff never count, also those it learnt before the cutoff moved.
 */

const BRAND = 7;
const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T00:00:00Z');
const silent = { warn: () => undefined, info: () => undefined };
const anytime: EventCondition = {
  event_id: 1,
  event_code: 'Order',
  frequency: { condition_type: 'at_least', value: 1 },
  timeframe: { condition_type: 'anytime' },
  attribute_conditions: [],
  attribute_condition_operator: 'AND',
};
const lastYear: EventCondition = {
  ...anytime,
  timeframe: { condition_type: 'in_the_last', value: 365, unit: 'days' },
};

const rows: CodeEvent[] = [100, 50, 1].map((daysAgo) => ({
  event: 'Order',
  messageId: `o-${daysAgo}`,
  userId: null,
  anonymousId: 'v1',
  at: NOW - daysAgo * DAY,
  propertiesJson: '{}',
}));
const store = {
  query: () => Promise.resolve(rows),
} as unknown as Pick<AnalyticsStore, 'query'>;

async function counter(memory: EventMemory) {
  const codes = new Map([['Order', new Set<string>()]]);
  for (let i = 0; i < 400; i++) {
    const got = memory.counter(BRAND, { userId: null, anonymousId: 'v1' }, codes);
    if (got) return got;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('never loaded');
}

describe('event memory and retention', () => {
  it('counts only events at or after the cutoff, whatever the condition window', async () => {
    let cutoff: number | null = null;
    const memory = createEventMemory({
      store,
      log: silent,
      now: () => NOW,
      keptFrom: () => cutoff,
    });
    const all = await counter(memory);
    expect(all({ ...anytime, frequency: { condition_type: 'at_least', value: 3 } }, NOW)).toBe(3);

    cutoff = NOW - 60 * DAY;
    const some = await counter(memory);
    expect(some({ ...anytime, frequency: { condition_type: 'at_least', value: 3 } }, NOW)).toBe(2);
    expect(some({ ...lastYear, frequency: { condition_type: 'at_least', value: 3 } }, NOW)).toBe(2);
    // A narrower window than the retention keeps its own start.
    const week: EventCondition = {
      ...anytime,
      timeframe: { condition_type: 'in_the_last', value: 7, unit: 'days' },
      frequency: { condition_type: 'at_least', value: 3 },
    };
    expect(some(week, NOW)).toBe(1);
  });
});
