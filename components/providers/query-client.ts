import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '@/lib/constants';
import { isApiError } from '@/api/http';

/** Statuses a retry cannot fix: the request itself or the session is wrong. */
const NO_RETRY = new Set([400, 401, 403, 404, 409, 422, 499]);

/**
 * Query cache defaults (docs/product/api.md#realtime-images-and-query-cache): no refetch on focus,
 * one retry, five-minute stale time.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_TIME_MS,
        retry: (failureCount, error) =>
          !(isApiError(error) && NO_RETRY.has(error.status)) && failureCount < QUERY_RETRY,
      },
      mutations: { retry: false },
    },
  });
}
