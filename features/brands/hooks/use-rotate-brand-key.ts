import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '@/lib/contracts/brands';
import type { Page } from '@/api/types';
import type { MutationCallbacks } from '@/hooks/types';
import { rotateBrandKey } from '@/api/brands';
import type { ApiError } from '@/api/http';
import { replaceBrand } from '../lib/brand-list';
import { brandKeys } from '../lib/query-keys';

/** POST /v1/brands/{id}/rotate-key: the old write key stops working. */
export function useRotateBrandKey(callbacks: MutationCallbacks<Brand, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Brand, ApiError, number>({
    mutationFn: rotateBrandKey,
    onSuccess: async (brand, id) => {
      queryClient.setQueriesData<Page<Brand>>({ queryKey: brandKeys.lists() }, (page) =>
        replaceBrand(page, brand),
      );
      await queryClient.invalidateQueries({ queryKey: brandKeys.lists() });
      callbacks.onSuccess?.(brand, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
