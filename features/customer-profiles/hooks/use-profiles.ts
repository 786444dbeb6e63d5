import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { PROFILE_LIST_PAGE_SIZE } from '@/lib/constants';
import { listProfiles } from '@/api/customer-profiles';
import { profileKeys, type ProfileListKey } from '../lib/query-keys';

/**
 * FIRST_PAGE is the list's opening cursor (docs/product/entities.md#events-and-event-lists:
 * nextCursor starts at '1').
 */
const FIRST_PAGE = '1';

/** GET /v1/customer-profiles, one page per "Load more" (cursor paging). */
export function useProfiles(params: ProfileListKey) {
  return useInfiniteQuery({
    queryKey: profileKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listProfiles({ ...params, cursor: pageParam, limit: PROFILE_LIST_PAGE_SIZE }, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search or filter keeps the old rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}
