import { describe, expect, it } from 'vitest';
import { createLru } from './lru';

describe('createLru', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const lru = createLru<number>({ maxEntries: 2, ttlMs: 1_000 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the newest
    lru.set('c', 3);
    expect(lru.size).toBe(2);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
  });

  it('forgets an entry after its lifetime, and drops expired entries as new ones come', () => {
    let clock = 0;
    const lru = createLru<string>({ maxEntries: 100, ttlMs: 10, now: () => clock });
    lru.set('a', 'x');
    lru.set('b', 'y', 50);
    clock = 11;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('b')).toBe('y');
    const other = createLru<string>({ maxEntries: 100, ttlMs: 10, now: () => clock });
    other.set('old', 'z');
    clock = 30;
    other.set('new', 'w');
    // 'old' expired at 21 and sat at the old end: adding 'new' dropped it without a read.
    expect(other.size).toBe(1);
  });

  it('stays bounded whatever number of distinct keys arrives', () => {
    const lru = createLru<number>({ maxEntries: 1_000, ttlMs: 60_000 });
    for (let i = 0; i < 50_000; i++) lru.set(`key-${i}`, i);
    expect(lru.size).toBe(1_000);
    expect(lru.get('key-49999')).toBe(49_999);
    expect(lru.get('key-0')).toBeUndefined();
  });
});
