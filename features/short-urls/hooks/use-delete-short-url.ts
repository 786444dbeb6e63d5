import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { deleteShortUrl } from '@/api/short-urls';
import { shortUrlKeys } from '../lib/query-keys';

type Doomed = Pick<ShortUrl, 'id' | 'slug'>;

/** DELETE /v1/short-urls/{id}; refreshes the lists (a cached detail is only marked stale). */
export function useDeleteShortUrl(callbacks: MutationCallbacks<{ message: string }, Doomed> = {}) {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, ApiError, Doomed>({
    mutationFn: (link) => deleteShortUrl(link.id),
    onSuccess: async (result, link) => {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: shortUrlKeys.detail(link.id),
          refetchType: 'none',
        }),
        queryClient.invalidateQueries({ queryKey: shortUrlKeys.lists() }),
      ]);
      callbacks.onSuccess?.(result, link);
    },
    onError: (error, link) => callbacks.onError?.(error, link),
  });
}
