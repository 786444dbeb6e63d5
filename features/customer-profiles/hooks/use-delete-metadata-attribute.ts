import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/hooks/types';
import { deleteMetadataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateMetadataAttributes } from '../lib/invalidate-attributes';

/** DELETE /v1/metadata-attributes/{id}; refreshes the definitions and the filter's attribute options. */
export function useDeleteMetadataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<void, number> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: deleteMetadataAttribute,
    onSuccess: async (result, id) => {
      await invalidateMetadataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(result, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
