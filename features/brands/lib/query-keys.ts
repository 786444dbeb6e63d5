import type { ListBrandsParams } from '@/api/brands';

/** Query keys of tracked products (brands). */
export const brandKeys = {
  all: ['brands'] as const,
  lists: () => [...brandKeys.all, 'list'] as const,
  list: (params: ListBrandsParams = {}) => [...brandKeys.lists(), params] as const,
  sources: (id: number) => [...brandKeys.all, 'sources', id] as const,
};

/** The dashboard lists every product at once: plans allow at most a few dozen. */
export const BRAND_LIST_PARAMS: ListBrandsParams = { offset: 0, limit: 100 };
