import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataAttribute, DataAttributeInput } from '@/lib/contracts/customer-profiles';
import type { MutationCallbacks } from '@/hooks/types';
import { createDataAttribute } from '@/services/customer-profiles';
import type { ApiError } from '@/services/http';
import { invalidateDataAttributes } from '../lib/invalidate-attributes';

/** POST /v1/data-attributes; refreshes the definitions and the filter's attribute options. */
export function useCreateDataAttribute(
  brandId: number,
  callbacks: MutationCallbacks<DataAttribute, DataAttributeInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<DataAttribute, ApiError, DataAttributeInput>({
    mutationFn: createDataAttribute,
    onSuccess: async (attribute, body) => {
      await invalidateDataAttributes(queryClient, brandId);
      callbacks.onSuccess?.(attribute, body);
    },
    onError: (error, body) => callbacks.onError?.(error, body),
  });
}
