import { useQuery } from '@tanstack/react-query';
import type { Home } from '@/lib/contracts/home';
import type { ApiError } from '@/api/http';
import { getHome } from '@/api/home';
import { homeKeys } from '../lib/query-keys';

/** While a product waits for its first event, Home asks again this often (ms). */
export const FIRST_EVENT_POLL_MS = 15_000;

/**
 * GET /v1/home for the current product. Never fresh for long: the steps tick from work done on
 * other pages, which do not know Home's key, so every visit reads again; and while the product
 * has no event yet, "Install the snippet" ticks itself without a reload.
 */
export function useHome(brandId: number | null) {
  return useQuery<Home, ApiError>({
    queryKey: homeKeys.detail(brandId),
    queryFn: ({ signal }) => getHome(brandId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const home = query.state.data;
      return home?.brand && !home.checklist.snippet_installed ? FIRST_EVENT_POLL_MS : false;
    },
  });
}
