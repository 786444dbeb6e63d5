import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataAttribute, DataAttributeInput } from '@/lib/contracts/customer-profiles';
import type { MutationCallbacks } from '@/hooks/types';
import { updateDataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateDataAttributes } from '../lib/invalidate-attributes';

export interface UpdateDataAttributeVariables {
  id: number;
  body: DataAttributeInput;
}

/** PUT /v1/data-attributes/{id}; refreshes the definitions and the filter's attribute options. */
export function useUpdateDataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<DataAttribute, UpdateDataAttributeVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<DataAttribute, ApiError, UpdateDataAttributeVariables>({
    mutationFn: ({ id, body }) => updateDataAttribute(id, body),
    onSuccess: async (attribute, variables) => {
      await invalidateDataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(attribute, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
