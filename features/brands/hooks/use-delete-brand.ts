import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@/lib/contracts/brands';
import type { Page } from '@/api/types';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import { deleteBrand } from '@/api/brands';
import type { ApiError } from '@/api/http';
import { removeBrand } from '../lib/brand-list';
import { brandKeys } from '../lib/query-keys';

/** DELETE /v1/brands/{id}; drops it from the lists and refreshes the product count. */
export function useDeleteBrand(callbacks: MutationCallbacks<{ id: number }, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation<{ id: number }, ApiError, number>({
    mutationFn: deleteBrand,
    onSuccess: async (result, id) => {
      queryClient.setQueriesData<Page<Brand>>({ queryKey: brandKeys.lists() }, (page) =>
        removeBrand(page, id),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.subscription }),
      ]);
      callbacks.onSuccess?.(result, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
