import { describe, expect, it } from 'vitest';
import { tabFromQuery } from './tabs';

describe('tabFromQuery', () => {
  it('opens product tours for t=flows-integrations and tracking otherwise', () => {
    expect(tabFromQuery('flows-integrations')).toBe('tours');
    expect(tabFromQuery(['flows-integrations', 'x'])).toBe('tours');
    expect(tabFromQuery(undefined)).toBe('tracking');
    expect(tabFromQuery('')).toBe('tracking');
    expect(tabFromQuery('unknown')).toBe('tracking');
  });
});
