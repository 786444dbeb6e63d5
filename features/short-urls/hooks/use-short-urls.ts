import { useInfiniteQuery } from '@tanstack/react-query';
import type { ShortUrlList } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { listShortUrls } from '@/api/short-urls';
import { SHORT_URL_PAGE_SIZE, shortUrlKeys, type ShortUrlListParams } from '../lib/query-keys';

/** GET /v1/short-urls of one product, paged by cursor ('1' first); a new search starts over. */
export function useShortUrls(params: ShortUrlListParams) {
  return useInfiniteQuery<ShortUrlList, ApiError>({
    queryKey: shortUrlKeys.list(params),
    queryFn: ({ pageParam, signal }) =>
      listShortUrls(
        {
          brand_id: params.brand_id,
          search: params.search || undefined,
          cursor: pageParam as string,
          limit: SHORT_URL_PAGE_SIZE,
        },
        signal,
      ),
    initialPageParam: '1',
    getNextPageParam: (last) => last.nextCursor,
  });
}
