import { describe, expect, it } from 'vitest';
import { compileFilters, createFilterCache } from './event-filters';

const row = (event: string, userId: string | null, anonymousId: string | null) => ({
  event,
  userId,
  anonymousId,
});

describe('event filters', () => {
  it('drops by address, customer id (user or anonymous) and exact event code', () => {
    const f = compileFilters([
      { kind: 'ip', value: '192.0.2.0/24' },
      { kind: 'customer_id', value: 'bot' },
      { kind: 'event_code', value: 'Noise' },
    ]);
    expect(f.empty).toBe(false);
    expect(f.dropsAddress('192.0.2.9')).toBe(true);
    expect(f.dropsAddress('192.0.3.9')).toBe(false);
    expect(f.dropsAddress(undefined)).toBe(false);
    expect(f.dropsEvent(row('Noise', null, 'a'))).toBe(true);
    expect(f.dropsEvent(row('noise', null, 'a'))).toBe(false);
    expect(f.dropsEvent(row('Buy', 'bot', 'a'))).toBe(true);
    expect(f.dropsEvent(row('Buy', null, 'bot'))).toBe(true);
    expect(f.dropsEvent(row('Buy', 'bott', 'a'))).toBe(false);
    expect(compileFilters([]).empty).toBe(true);
  });

  it('compiles a product once per change, bounded by brand id', () => {
    const cache = createFilterCache();
    const rules = [{ kind: 'event_code' as const, value: 'X' }];
    const first = cache.get(1, 100, rules);
    expect(cache.get(1, 100, rules)).toBe(first);
    const changed = cache.get(1, 200, [{ kind: 'event_code', value: 'Y' }]);
    expect(changed).not.toBe(first);
    expect(changed.dropsEvent(row('Y', null, 'a'))).toBe(true);
    expect(cache.get(2, 100, []).empty).toBe(true);
    expect(cache.size).toBe(1);
  });
});
