import { useInfiniteQuery } from '@tanstack/react-query';
import type { SegmentList } from '@/lib/contracts/segments';
import type { ApiError } from '@/api/http';
import { listSegments } from '@/api/segments';
import { SEGMENT_LIST_PAGE_SIZE, segmentKeys, type SegmentListParams } from '../lib/query-keys';

/** GET /v1/segments for a product, paged by cursor; a new search starts at page 1 again. */
export function useSegments(brandId: number, search: string) {
  const params: SegmentListParams = { brand_id: brandId, search: search || undefined };
  return useInfiniteQuery<SegmentList, ApiError>({
    queryKey: segmentKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listSegments(
        {
          ...params,
          cursor: (pageParam as string | null) ?? undefined,
          limit: SEGMENT_LIST_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
