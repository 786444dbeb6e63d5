import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import {
  cancelProductDeletion,
  getProductDeletion,
  requestProductDeletion,
  type ProductDeletion,
} from '@/api/data-rights';
import type { MutationCallbacks } from '@/hooks/types';
import { settingsKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/deletion: the pending deletion, or null. */
export function useProductDeletion(brandId: number) {
  return useQuery({
    queryKey: settingsKeys.deletion(brandId),
    queryFn: ({ signal }) => getProductDeletion(brandId, signal),
  });
}

/** POST /v1/brands/{id}/deletion: the answer becomes the cached pending deletion. */
export function useRequestProductDeletion(
  brandId: number,
  callbacks: MutationCallbacks<ProductDeletion, string> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<ProductDeletion, ApiError, string>({
    mutationFn: (name) => requestProductDeletion(brandId, name),
    onSuccess: (data, name) => {
      queryClient.setQueryData(settingsKeys.deletion(brandId), data);
      callbacks.onSuccess?.(data, name);
    },
    onError: (error, name) => callbacks.onError?.(error, name),
  });
}

/** DELETE /v1/brands/{id}/deletion: nothing is pending any more. */
export function useCancelProductDeletion(
  brandId: number,
  callbacks: MutationCallbacks<undefined, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<{ cancelled: boolean }, ApiError, void>({
    mutationFn: () => cancelProductDeletion(brandId),
    onSuccess: () => {
      queryClient.setQueryData(settingsKeys.deletion(brandId), null);
      callbacks.onSuccess?.(undefined, undefined);
    },
    onError: (error) => callbacks.onError?.(error, undefined),
  });
}
