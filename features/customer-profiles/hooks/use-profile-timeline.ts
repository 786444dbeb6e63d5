import { useInfiniteQuery } from '@tanstack/react-query';
import { TIMELINE_PAGE_SIZE } from '@/lib/constants';
import { getProfileTimeline } from '@/api/customer-profiles';
import { profileKeys } from '../lib/query-keys';

/** GET /v1/customer-profiles/{id}/events, newest first, paged with an opaque cursor. */
export function useProfileTimeline(id: number) {
  return useInfiniteQuery({
    queryKey: profileKeys.timeline(id),
    queryFn: ({ pageParam, signal }) =>
      getProfileTimeline(id, { cursor: pageParam, limit: TIMELINE_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
