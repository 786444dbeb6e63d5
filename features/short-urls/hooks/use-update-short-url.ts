import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import type { ShortUrl, ShortUrlInput } from '@/lib/contracts/short-urls';
import type { ApiError } from '@/api/http';
import { updateShortUrl } from '@/api/short-urls';
import { shortUrlKeys } from '../lib/query-keys';

export interface UpdateShortUrlVariables {
  id: number;
  body: ShortUrlInput;
}

/** PUT /v1/short-urls/{id} (edit, disable, enable); stores the answer and refreshes the lists. */
export function useUpdateShortUrl(
  callbacks: MutationCallbacks<ShortUrl, UpdateShortUrlVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<ShortUrl, ApiError, UpdateShortUrlVariables>({
    mutationFn: ({ id, body }) => updateShortUrl(id, body),
    onSuccess: async (saved, variables) => {
      queryClient.setQueryData(shortUrlKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: shortUrlKeys.lists() });
      callbacks.onSuccess?.(saved, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
