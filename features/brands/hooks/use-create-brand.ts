import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandBody } from '@/lib/contracts/brands';
import type { Page } from '@/api/types';
import { userKeys } from '@/hooks/query-keys';
import type { MutationCallbacks } from '@/hooks/types';
import { createBrand } from '@/api/brands';
import type { ApiError } from '@/api/http';
import { appendBrand } from '../lib/brand-list';
import { brandKeys } from '../lib/query-keys';

/** POST /v1/brands; refreshes the lists and the subscription's product count. */
export function useCreateBrand(callbacks: MutationCallbacks<Brand, BrandBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Brand, ApiError, BrandBody>({
    mutationFn: createBrand,
    onSuccess: async (brand, variables) => {
      queryClient.setQueriesData<Page<Brand>>({ queryKey: brandKeys.lists() }, (page) =>
        appendBrand(page, brand),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: brandKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.subscription }),
      ]);
      callbacks.onSuccess?.(brand, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
