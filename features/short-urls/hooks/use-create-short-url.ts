import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { ShortUrl, ShortUrlInput } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { createShortUrl } from '@/api/short-urls';
import { shortUrlKeys } from '../lib/query-keys';

/** POST /v1/short-urls; stores the answer as the link's detail and refreshes the lists. */
export function useCreateShortUrl(callbacks: MutationCallbacks<ShortUrl, ShortUrlInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation<ShortUrl, ApiError, ShortUrlInput>({
    mutationFn: (body) => createShortUrl(body),
    onSuccess: async (saved, body) => {
      queryClient.setQueryData(shortUrlKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: shortUrlKeys.lists() });
      callbacks.onSuccess?.(saved, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
