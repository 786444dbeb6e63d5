import type { Brand } from '@/lib/contracts/brands';
import type { Page } from '@/api/types';

/** Pure updates of a cached brand page, applied before the refetch lands. */
export function appendBrand(page: Page<Brand> | undefined, brand: Brand): Page<Brand> | undefined {
  if (!page || page.data.some((b) => b.id === brand.id)) return page;
  return { data: [...page.data, brand], total: page.total + 1 };
}

export function replaceBrand(page: Page<Brand> | undefined, brand: Brand): Page<Brand> | undefined {
  if (!page) return page;
  return { ...page, data: page.data.map((b) => (b.id === brand.id ? brand : b)) };
}

export function removeBrand(page: Page<Brand> | undefined, id: number): Page<Brand> | undefined {
  if (!page || !page.data.some((b) => b.id === id)) return page;
  return { data: page.data.filter((b) => b.id !== id), total: Math.max(0, page.total - 1) };
}

/** The stored choice when it still exists, else the first product, else none. */
export function resolveCurrentBrand(
  brands: readonly Brand[],
  storedId: number | null,
): Brand | null {
  return brands.find((b) => b.id === storedId) ?? brands[0] ?? null;
}
