import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Retention, RetentionBody } from '@/lib/contracts/retention';
import type { ApiError } from '@/api/http';
import { getRetention, updateRetention } from '@/api/brand-settings';
import type { MutationCallbacks } from '@/hooks/types';
import { settingsKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/retention (docs/retention.md). */
export function useRetention(brandId: number) {
  return useQuery({
    queryKey: settingsKeys.retention(brandId),
    queryFn: ({ signal }) => getRetention(brandId, signal),
  });
}

/** PUT /v1/brands/{id}/retention: the answer replaces the cached setting. */
export function useUpdateRetention(
  brandId: number,
  callbacks: MutationCallbacks<Retention, RetentionBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Retention, ApiError, RetentionBody>({
    mutationFn: (body) => updateRetention(brandId, body),
    onSuccess: (data, body) => {
      queryClient.setQueryData(settingsKeys.retention(brandId), data);
      callbacks.onSuccess?.(data, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
