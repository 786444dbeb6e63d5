import { describe, expect, it } from 'vitest';
import type { TrackedEvent } from '@/lib/contracts/events';
import {
  attributesFromQuery,
  DEFINE_MAX_ATTRIBUTES,
  defineQuery,
  inferAttributes,
} from './infer-attributes';

const event = (properties: Record<string, unknown>) => ({ properties }) as TrackedEvent;

describe('property types inferred from the values seen', () => {
  it('keeps the first-seen order, agrees across events, and falls back to text on a mix', () => {
    const attrs = inferAttributes([
      event({ sku: 'S-1', price: 49, coupon: null }),
      event({ price: 12, gift: true, coupon: 'X' }),
      event({ sku: 7, tags: ['a'] }),
    ]);
    expect(attrs).toEqual([
      { code: 'sku', data_type: 'string' },
      { code: 'price', data_type: 'number' },
      { code: 'coupon', data_type: 'string' },
      { code: 'gift', data_type: 'boolean' },
      { code: 'tags', data_type: 'list' },
    ]);
    expect(inferAttributes([event({ ['k'.repeat(300)]: 1, ' ': 2 })])).toEqual([]);
  });
});

describe('the Define link', () => {
  it('carries the code and each attribute as type:key, and reads back the same attributes', () => {
    const q = defineQuery('Clicked Buy', [
      { code: 'price', data_type: 'number' },
      { code: 'a:b', data_type: 'string' },
    ]);
    expect(q).toEqual({ code: 'Clicked Buy', attr: ['number:price', 'string:a:b'] });
    expect(attributesFromQuery(q.attr)).toEqual([
      { code: 'price', name: 'price', data_type: 'number' },
      { code: 'a:b', name: 'a:b', data_type: 'string' },
    ]);
    expect(defineQuery('x', [])).toEqual({ code: 'x' });
  });

  it('is bounded, and drops malformed or repeated entries from a hand-made URL', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      code: `p${i}`,
      data_type: 'number' as const,
    }));
    expect(defineQuery('x', many).attr).toHaveLength(DEFINE_MAX_ATTRIBUTES);
    expect(
      attributesFromQuery(['nope', 'float:x', 'number:', 'number:a', 'string:a', 'boolean:b']),
    ).toEqual([
      { code: 'a', name: 'a', data_type: 'number' },
      { code: 'b', name: 'b', data_type: 'boolean' },
    ]);
    expect(attributesFromQuery(undefined)).toEqual([]);
    expect(attributesFromQuery('list:tags')).toEqual([
      { code: 'tags', name: 'tags', data_type: 'list' },
    ]);
  });
});
