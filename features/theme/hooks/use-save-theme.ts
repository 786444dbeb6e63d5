import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/api/http';
import { saveBrandTheme } from '@/api/themes';
import type { MutationCallbacks } from '@/hooks/types';
import type { BrandTheme, ThemeInput } from '@/lib/contracts/theme';
import { themeKeys } from '../lib/query-keys';

/** PUT /v1/brands/{id}/theme; the answer replaces the cached theme. */
export function useSaveTheme(
  brandId: number,
  callbacks: MutationCallbacks<BrandTheme, ThemeInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<BrandTheme, ApiError, ThemeInput>({
    mutationFn: (theme) => saveBrandTheme(brandId, theme),
    onSuccess: (data, theme) => {
      queryClient.setQueryData(themeKeys.detail(brandId), data);
      callbacks.onSuccess?.(data, theme);
    },
    onError: (error, theme) => callbacks.onError?.(error, theme),
  });
}
