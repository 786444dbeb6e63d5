import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventFilters, EventFiltersBody } from '@/lib/contracts/brand-settings';
import type { ApiError } from '@/api/http';
import { getEventFilters, updateEventFilters } from '@/api/brand-settings';
import type { MutationCallbacks } from '@/hooks/types';
import { settingsKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/filters: the rules and what they dropped this month. */
export function useEventFilters(brandId: number) {
  return useQuery({
    queryKey: settingsKeys.filters(brandId),
    queryFn: ({ signal }) => getEventFilters(brandId, signal),
  });
}

/** PUT /v1/brands/{id}/filters: the answer replaces the cached rules. */
export function useUpdateEventFilters(
  brandId: number,
  callbacks: MutationCallbacks<EventFilters, EventFiltersBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<EventFilters, ApiError, EventFiltersBody>({
    mutationFn: (body) => updateEventFilters(brandId, body),
    onSuccess: (data, body) => {
      queryClient.setQueryData(settingsKeys.filters(brandId), data);
      callbacks.onSuccess?.(data, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
