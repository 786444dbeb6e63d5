import { describe, expect, it } from 'vitest';
import { errorAt, errorTree } from './error-at';

describe('errorAt', () => {
  const errors = {
    series: [undefined, { event: { message: 'Event is required', type: 'custom' } }],
    window: { message: 'The conversion window must be at most 90 days' },
  };

  it('finds the message of a nested field, arrays included', () => {
    expect(errorAt(errors, 'series.1.event')).toBe('Event is required');
    expect(errorAt(errors, 'window')).toBe('The conversion window must be at most 90 days');
  });

  it('is undefined where there is no error', () => {
    expect(errorAt(errors, 'series.0.event')).toBeUndefined();
    expect(errorAt(errors, 'series.1.measure')).toBeUndefined();
    expect(errorAt(undefined, 'name')).toBeUndefined();
  });
});

describe('errorTree', () => {
  it('hands over the errors under a field', () => {
    const errors = { steps: [{ filters: [{ value: { message: 'Filter value is required' } }] }] };
    expect(errorAt(errorTree(errors, 'steps.0.filters'), '0.value')).toBe(
      'Filter value is required',
    );
    expect(errorTree(errors, 'steps.1.filters')).toBeUndefined();
  });
});
