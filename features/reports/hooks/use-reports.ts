import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReportList } from '@/lib/contracts/reports';
import type { ApiError } from '@/api/http';
import { listReports } from '@/api/reports';
import { reportKeys, type ReportListParams } from '../lib/query-keys';

/**
 * GET /v1/reports paged by cursor ('1' first): every product of the owner, or one
 * (`brand_id`), or only a dashboard's (`pinned`). A new search is another query from page 1.
 */
export function useReports(
  params: ReportListParams,
  options: { enabled?: boolean; limit: number },
) {
  return useInfiniteQuery<ReportList, ApiError>({
    queryKey: reportKeys.list({ ...params, limit: options.limit } as ReportListParams),
    queryFn: ({ pageParam, signal }) =>
      listReports(
        {
          brand_id: params.brand_id,
          pinned: params.pinned,
          search: params.search || undefined,
          cursor: pageParam as string,
          limit: options.limit,
        },
        signal,
      ),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
  });
}
