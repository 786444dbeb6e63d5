import { describe, expect, it } from 'vitest';
import { hash53, VisitorEventColumns, VISITOR_ENTRY_BYTES } from './event-columns';

/** A visitor's events newest first: [time, properties]. */
const all = (c: VisitorEventColumns, keys: string[], limit = Infinity) => {
  const got: [number, string][] = [];
  c.newest(keys, limit, (at, i) => {
    got.push([at, c.propsOf(i)]);
    return true;
  });
  return got;
};

/** The bytes the typed arrays really take (private fields read for the check). */
const allocated = (c: VisitorEventColumns) => {
  const x = c as unknown as Record<string, ArrayBufferView>;
  return ['head', 'at', 'ids', 'next', 'propsStart', 'propsLength', 'bytes'].reduce(
    (n, k) => n + x[k]!.byteLength,
    0,
  );
};

const pause = () => Promise.resolve();

describe('visitor event columns', () => {
  it('keeps each visitor’s events apart, newest first, with their properties', () => {
    const c = new VisitorEventColumns();
    expect(c.insert('a:1', 'm1', 10, '{"total":5}', 100)).toBe('added');
    expect(c.insert('u:1', 'm2', 20, '{"total":"é ✓ 𝄞"}', 100)).toBe('added');
    expect(c.insert('a:1', 'm3', 30, '', 100)).toBe('added');
    // Arriving late (an older timestamp) still goes in time order.
    expect(c.insert('a:1', 'm4', 15, '{}', 100)).toBe('added');
    expect(all(c, ['a:1'])).toEqual([
      [30, ''],
      [15, '{}'],
      [10, '{"total":5}'],
    ]);
    expect(all(c, ['u:1'])).toEqual([[20, '{"total":"é ✓ 𝄞"}']]);
    // Two visitors' lists read together are merged by time, and `limit` stops the walk.
    expect(all(c, ['a:1', 'u:1']).map(([at]) => at)).toEqual([30, 20, 15, 10]);
    expect(all(c, ['a:1', 'u:1'], 2).map(([at]) => at)).toEqual([30, 20]);
    expect(all(c, ['nobody'])).toEqual([]);
  });

  it('skips a repeat among the newest, keeps at most `keep` per visitor, drops what is older', () => {
    const c = new VisitorEventColumns();
    for (let i = 1; i <= 3; i++) c.insert('a:1', `m${i}`, i * 10, '', 3);
    expect(c.insert('a:1', 'm2', 20, '', 3)).toBe('repeat');
    // Older than the 3 kept: no count would ever read it.
    expect(c.insert('a:1', 'm0', 5, '', 3)).toBe('old');
    // Newer: the oldest kept is cut off the list (and counted as wasted).
    expect(c.insert('a:1', 'm4', 40, '{"x":1}', 3)).toBe('added');
    expect(all(c, ['a:1']).map(([at]) => at)).toEqual([40, 30, 20]);
    expect(c.wasted).toBeGreaterThan(0);
    expect(c.insert('a:2', 'm1', 10, '', 3)).toBe('added');
  });

  it('puts a load in time order and keeps each visitor’s newest', async () => {
    const c = new VisitorEventColumns();
    const times = [5, 1, 9, 3, 7, 2, 8, 6, 4, 10];
    times.forEach((t, i) => c.push('a:1', `m${i}`, t, `{"t":${t}}`));
    c.push('a:2', 'x', 100, '');
    await c.keepNewest(4, pause, 3);
    expect(all(c, ['a:1'])).toEqual([10, 9, 8, 7].map((t) => [t, `{"t":${t}}`]));
    expect(all(c, ['a:2'])).toEqual([[100, '']]);
    // Later rows are inserted among them in order.
    expect(c.insert('a:1', 'late', 8.5, '', 4)).toBe('added');
    expect(all(c, ['a:1']).map(([at]) => at)).toEqual([10, 9, 8.5, 8]);
  });

  it('takes no byte its bound refuses, and holds what it allocated', () => {
    let left = 20_000;
    const c = new VisitorEventColumns((n) => {
      if (n > left) return false;
      left -= n;
      return true;
    });
    const props = JSON.stringify({ text: 'x'.repeat(500) });
    let added = 0;
    for (let i = 0; i < 1_000; i++) {
      const r = c.insert(`a:${i % 7}`, `m${i}`, i, props, 1_000);
      if (r === 'full') break;
      added++;
    }
    expect(added).toBeGreaterThan(10);
    expect(added).toBeLessThan(40);
    expect(c.held).toBe(20_000 - left);
    // Every allocated array byte was reserved (entries of visitors are counted on top).
    expect(allocated(c)).toBeLessThanOrEqual(c.held - 7 * VISITOR_ENTRY_BYTES);
    expect(c.push('a:99', 'late', 1, props)).toBe(false);
    expect(c.held).toBeLessThanOrEqual(20_000);
  });

  it('hashes message ids to distinct 53-bit numbers', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 100_000; i++) seen.add(hash53(`message-${i}`));
    expect(seen.size).toBe(100_000);
    expect(Number.isSafeInteger(hash53('x'))).toBe(true);
  });
});
