import { describe, expect, it } from 'vitest';
import { BloomFilter } from './bloom';

describe('BloomFilter', () => {
  it('never forgets a string it was given', () => {
    const f = new BloomFilter(10_000);
    for (let i = 0; i < 10_000; i++) f.add(`visitor-${i}`);
    for (let i = 0; i < 10_000; i++) expect(f.has(`visitor-${i}`)).toBe(true);
    expect(f.count).toBe(10_000);
  });

  it('answers "maybe" for strings never added about as rarely as asked, within its capacity', () => {
    const f = new BloomFilter(10_000, 0.01);
    for (let i = 0; i < 10_000; i++) f.add(`a:${i}`);
    let wrong = 0;
    for (let i = 0; i < 20_000; i++) if (f.has(`b:${i}`)) wrong++;
    expect(wrong / 20_000).toBeLessThan(0.03);
  });

  it('is empty when new', () => {
    const f = new BloomFilter(100);
    expect(f.has('')).toBe(false);
    expect(f.has('x')).toBe(false);
  });
});
