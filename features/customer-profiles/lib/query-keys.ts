import type { ListProfilesParams } from '@/api/customer-profiles';

/**
 * The list query (typed from the contract, api/customer-profiles.ts) without its page: one infinite
 * query per search/filter/sort.
 */
export type ProfileListKey = Omit<ListProfilesParams, 'cursor' | 'limit'>;

/** Query keys of customer profiles and their attribute definitions. */
export const profileKeys = {
  all: ['customer-profiles'] as const,
  lists: () => [...profileKeys.all, 'list'] as const,
  list: (params: ProfileListKey) => [...profileKeys.lists(), params] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (id: number) => [...profileKeys.details(), id] as const,
  timeline: (id: number) => [...profileKeys.all, 'timeline', id] as const,
  metadataAttributes: (brandId: number) =>
    [...profileKeys.all, 'metadata-attributes', brandId] as const,
  dataAttributes: (brandId: number) => [...profileKeys.all, 'data-attributes', brandId] as const,
};
