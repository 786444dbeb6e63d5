import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import { listSegmentMembers, type SegmentMembersPage } from '@/api/segments';
import { SEGMENT_MEMBERS_PAGE_SIZE, segmentKeys } from '../lib/query-keys';

/** GET /v1/segments/{id}/members, paged by keyset cursor. */
export function useSegmentMembers(id: number) {
  return useInfiniteQuery<SegmentMembersPage, ApiError>({
    queryKey: segmentKeys.members(id),
    queryFn: ({ pageParam, signal }) =>
      listSegmentMembers(
        id,
        { cursor: (pageParam as string | null) ?? undefined, limit: SEGMENT_MEMBERS_PAGE_SIZE },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
