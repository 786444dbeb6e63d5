import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MetadataAttribute, MetadataAttributeInput } from '@/lib/contracts/customer-profiles';
import type { MutationCallbacks } from '@/hooks/types';
import { updateMetadataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateMetadataAttributes } from '../lib/invalidate-attributes';

export interface UpdateMetadataAttributeVariables {
  id: number;
  body: MetadataAttributeInput;
}

/** PUT /v1/metadata-attributes/{id}; refreshes the definitions and the filter's attribute options. */
export function useUpdateMetadataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<MetadataAttribute, UpdateMetadataAttributeVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<MetadataAttribute, ApiError, UpdateMetadataAttributeVariables>({
    mutationFn: ({ id, body }) => updateMetadataAttribute(id, body),
    onSuccess: async (attribute, variables) => {
      await invalidateMetadataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(attribute, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
