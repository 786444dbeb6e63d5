import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import { deleteDataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateDataAttributes } from '../lib/invalidate-attributes';

/** DELETE /v1/data-attributes/{id}; refreshes the definitions and the filter's attribute options. */
export function useDeleteDataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<void, number> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: deleteDataAttribute,
    onSuccess: async (result, id) => {
      await invalidateDataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(result, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
