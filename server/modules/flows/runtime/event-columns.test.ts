import { describe, expect, it } from 'vitest';
import { hash53, VisitorEventColumns } from './event-columns';

const all = (c: VisitorEventColumns, key: string, from: number | null = null) => {
  const got: [number, string][] = [];
  c.forEach(key, from, (at, json) => got.push([at, json]));
  return got;
};

describe('visitor event columns', () => {
  it('keeps each visitor’s events apart, with their times and properties', () => {
    const c = new VisitorEventColumns();
    expect(c.add('a:1', 'm1', 10, '{"total":5}')).toBe(true);
    expect(c.add('u:1', 'm2', 20, '{"total":"é ✓ 𝄞"}')).toBe(true);
    expect(c.add('a:1', 'm3', 30, '{}')).toBe(true);
    expect(all(c, 'a:1')).toEqual([
      [30, '{}'],
      [10, '{"total":5}'],
    ]);
    expect(all(c, 'u:1')).toEqual([[20, '{"total":"é ✓ 𝄞"}']]);
    expect(all(c, 'a:1', 20)).toEqual([[30, '{}']]);
    expect(all(c, 'nobody')).toEqual([]);
    expect(c.size).toBe(3);
  });

  it('skips a message id the visitor already has, unless told not to look', () => {
    const c = new VisitorEventColumns();
    c.add('a:1', 'm1', 10, '{}');
    expect(c.add('a:1', 'm1', 10, '{}')).toBe(false);
    expect(c.add('a:2', 'm1', 10, '{}')).toBe(true);
    expect(c.size).toBe(2);
  });

  it('grows past its first sizes without losing anything', () => {
    const c = new VisitorEventColumns();
    const long = JSON.stringify({ text: 'x'.repeat(5_000) });
    for (let i = 0; i < 3_000; i++)
      c.add(`a:${i % 50}`, `m${i}`, i, i % 100 === 0 ? long : `{"i":${i}}`, false);
    expect(c.size).toBe(3_000);
    const seven = all(c, 'a:7');
    expect(seven).toHaveLength(60);
    expect(seven.at(-1)).toEqual([7, '{"i":7}']);
    expect(all(c, 'a:0').at(-1)).toEqual([0, long]);
  });

  it('hashes message ids to distinct 53-bit numbers', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100_000; i++) seen.add(hash53(`message-${i}`));
    expect(seen.size).toBe(100_000);
    expect(Number.isSafeInteger(hash53('x'))).toBe(true);
  });
});
