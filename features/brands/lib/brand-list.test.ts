import { describe, expect, it } from 'vitest';
import type { Brand } from '@/lib/contracts/brands';
import { appendBrand, removeBrand, replaceBrand, resolveCurrentBrand } from './brand-list';

const brand = (id: number, name = `Brand ${id}`): Brand => ({
  id,
  name,
  domain: `b${id}.example.com`,
  write_key: `wk_${id}`,
  time_zone: 'UTC',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

describe('brand list cache updates', () => {
  it('appends once and counts it', () => {
    const page = { data: [brand(1)], total: 1 };
    const next = appendBrand(page, brand(2));
    expect(next?.data.map((b) => b.id)).toEqual([1, 2]);
    expect(next?.total).toBe(2);
    expect(appendBrand(next, brand(2))).toBe(next);
    expect(appendBrand(undefined, brand(2))).toBeUndefined();
  });

  it('replaces by id', () => {
    const page = { data: [brand(1), brand(2)], total: 2 };
    expect(replaceBrand(page, brand(2, 'Renamed'))?.data[1].name).toBe('Renamed');
  });

  it('removes by id and never counts below zero', () => {
    const page = { data: [brand(1)], total: 0 };
    expect(removeBrand(page, 1)).toEqual({ data: [], total: 0 });
    expect(removeBrand(page, 9)).toBe(page);
  });
});

describe('resolveCurrentBrand', () => {
  it('keeps the stored product while it exists', () => {
    expect(resolveCurrentBrand([brand(1), brand(2)], 2)?.id).toBe(2);
  });

  it('falls back to the first product when the stored one is gone or unset', () => {
    expect(resolveCurrentBrand([brand(3), brand(4)], 2)?.id).toBe(3);
    expect(resolveCurrentBrand([brand(3)], null)?.id).toBe(3);
    expect(resolveCurrentBrand([], 2)).toBeNull();
  });
});
