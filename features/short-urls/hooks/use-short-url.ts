import { useQuery } from '@tanstack/react-query';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { getShortUrl } from '@/api/short-urls';
import { shortUrlKeys } from '../lib/query-keys';

/** GET /v1/short-urls/{id}; nothing is asked while `id` is null. */
export function useShortUrl(id: number | null) {
  return useQuery<ShortUrl, ApiError>({
    queryKey: shortUrlKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getShortUrl(id as number, signal),
    enabled: id !== null,
  });
}
