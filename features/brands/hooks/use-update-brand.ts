import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandBody } from '@/lib/contracts/brands';
import type { Page } from '@/api/types';
import type { MutationCallbacks } from '@/hooks/types';
import { updateBrand } from '@/api/brands';
import type { ApiError } from '@/api/http';
import { replaceBrand } from '../lib/brand-list';
import { brandKeys } from '../lib/query-keys';

export interface UpdateBrandVariables {
  id: number;
  body: BrandBody;
}

/** PUT /v1/brands/{id}. */
export function useUpdateBrand(callbacks: MutationCallbacks<Brand, UpdateBrandVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Brand, ApiError, UpdateBrandVariables>({
    mutationFn: ({ id, body }) => updateBrand(id, body),
    onSuccess: async (brand, variables) => {
      queryClient.setQueriesData<Page<Brand>>({ queryKey: brandKeys.lists() }, (page) =>
        replaceBrand(page, brand),
      );
      await queryClient.invalidateQueries({ queryKey: brandKeys.lists() });
      callbacks.onSuccess?.(brand, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}
