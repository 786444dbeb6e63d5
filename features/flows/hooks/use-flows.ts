import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '@/services/http';
import { listFlows, type FlowList } from '@/services/flows';
import { FLOW_LIST_PAGE_SIZE, flowKeys } from '../lib/query-keys';

/** GET /v1/flows for a product, paged by cursor ('1' first); a new search starts at page 1. */
export function useFlows(brandId: number, search: string) {
  return useInfiniteQuery<FlowList, ApiError>({
    queryKey: flowKeys.list({ brand_id: brandId, search }),
    queryFn: ({ pageParam, signal }) =>
      listFlows(
        {
          brand_id: brandId,
          search: search || undefined,
          cursor: pageParam as string,
          limit: FLOW_LIST_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
  });
}
