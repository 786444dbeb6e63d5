import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import { listFlows, type FlowList } from '@/api/flows';
import { FLOW_LIST_PAGE_SIZE, flowKeys, type FlowListParams } from '../lib/query-keys';

/** What narrows or orders the list besides the search (docs/flows.md, "The list"). */
export type FlowListFilters = Pick<FlowListParams, 'status' | 'sort_by' | 'sort_order'>;

/**
 * GET /v1/flows for a product, paged by cursor ('1' first); a new search, status or order is
 * another query and starts at page 1 again.
 */
export function useFlows(
  brandId: number,
  search: string,
  filters: FlowListFilters = {},
  options: { enabled?: boolean } = {},
) {
  const { status, sort_by, sort_order } = filters;
  // Built once: the key (every parameter that changes the rows, under lists()) and each page's
  // request, which adds only the page.
  const params: FlowListParams = {
    brand_id: brandId,
    search: search || undefined,
    status,
    sort_by,
    sort_order,
  };
  return useInfiniteQuery<FlowList, ApiError>({
    queryKey: flowKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listFlows({ ...params, cursor: pageParam as string, limit: FLOW_LIST_PAGE_SIZE }, signal),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}
