import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetadataAttribute, MetadataAttributeInput } from '@/lib/contracts/customer-profiles';
import type { MutationCallbacks } from '@/hooks/types';
import { createMetadataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateMetadataAttributes } from '../lib/invalidate-attributes';

/** POST /v1/metadata-attributes; refreshes the definitions and the filter's attribute options. */
export function useCreateMetadataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<MetadataAttribute, MetadataAttributeInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<MetadataAttribute, ApiError, MetadataAttributeInput>({
    mutationFn: createMetadataAttribute,
    onSuccess: async (attribute, body) => {
      await invalidateMetadataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(attribute, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
