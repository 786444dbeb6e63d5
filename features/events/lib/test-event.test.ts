import { describe, expect, it } from 'vitest';
import { buildTestEvent, TEST_ANONYMOUS_ID } from './test-event';

describe('buildTestEvent', () => {
  it('sends the code with a sample value of each attribute type', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const message = buildTestEvent(
      'checkout',
      [
        { code: 'plan', name: 'Plan', data_type: 'string' },
        { code: 'seats', name: 'Seats', data_type: 'number' },
        { code: 'renews', name: 'Renews', data_type: 'date' },
        { code: 'trial', name: 'Trial', data_type: 'boolean' },
        { code: 'tags', name: 'Tags', data_type: 'list' },
      ],
      'm1',
      now,
    );
    expect(message).toEqual({
      event: 'checkout',
      anonymousId: TEST_ANONYMOUS_ID,
      messageId: 'm1',
      properties: {
        plan: 'sample',
        seats: 42,
        renews: '2025-01-01T00:00:00.000Z',
        trial: true,
        tags: ['sample-a', 'sample-b'],
      },
    });
  });
});
