import { describe, expect, it } from 'vitest';
import { HashSet64, key64 } from './hash-set64';

describe('HashSet64', () => {
  it('adds each key once, across growth, and tells a repeat', () => {
    const set = new HashSet64(16);
    for (let i = 0; i < 50_000; i++) expect(set.add(i * 2654435761, i)).toBe(true);
    expect(set.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 97) expect(set.add(i * 2654435761, i)).toBe(false);
    expect(set.size).toBe(50_000);
  });

  it('keeps keys apart that share a half, and keeps the zero key as 0/1', () => {
    const set = new HashSet64();
    expect(set.add(7, 1)).toBe(true);
    expect(set.add(7, 2)).toBe(true);
    expect(set.add(8, 1)).toBe(true);
    expect(set.add(0, 0)).toBe(true);
    expect(set.add(0, 0)).toBe(false);
    expect(set.add(0, 1)).toBe(false);
    expect(set.add(-1, -1)).toBe(true);
    expect(set.add(0xffffffff, 0xffffffff)).toBe(false);
    expect(set.size).toBe(5);
  });
});

describe('key64', () => {
  it('gives a string the same key every time, and different strings different keys', () => {
    expect(key64('fp-1')).toEqual(key64('fp-1'));
    const keys = new Set(Array.from({ length: 10_000 }, (_, i) => key64(`fp-${i}`).join(':')));
    expect(keys.size).toBe(10_000);
  });
});
