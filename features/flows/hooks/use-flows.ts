import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import { listFlows, type FlowList, type ListFlowsParams } from '@/api/flows';
import { FLOW_LIST_PAGE_SIZE, flowKeys } from '../lib/query-keys';

/** What narrows or orders the list besides the search (docs/flows.md, "The list"). */
export type FlowListFilters = Pick<ListFlowsParams, 'status' | 'sort_by' | 'sort_order'>;

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
  // Every parameter that changes the rows is part of the key; all of them sit under lists().
  const params = { brand_id: brandId, search, status, sort_by, sort_order };
  return useInfiniteQuery<FlowList, ApiError>({
    queryKey: flowKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listFlows(
        {
          brand_id: brandId,
          search: search || undefined,
          status,
          sort_by,
          sort_order,
          cursor: pageParam as string,
          limit: FLOW_LIST_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}
