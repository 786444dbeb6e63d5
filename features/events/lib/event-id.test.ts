import { describe, expect, it } from 'vitest';
import { parseEventId } from './event-id';

describe('parseEventId', () => {
  it('accepts positive whole numbers as text or number', () => {
    expect(parseEventId('12')).toBe(12);
    expect(parseEventId(' 7 ')).toBe(7);
    expect(parseEventId(3)).toBe(3);
  });

  it('rejects empty and non-numeric ids (docs/product/validation.md#59-other-rules)', () => {
    for (const id of ['', '  ', 'abc', '1e3', '-1', '0', '1.5', '12abc', undefined, null, ['1']])
      expect(parseEventId(id)).toBeNull();
    expect(parseEventId(0)).toBeNull();
    expect(parseEventId(1.5)).toBeNull();
    expect(parseEventId('99999999999')).toBeNull();
  });
});
