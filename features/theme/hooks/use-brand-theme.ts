import { useQuery } from '@tanstack/react-query';
import { getBrandTheme } from '@/api/themes';
import { themeKeys } from '../lib/query-keys';

/** GET /v1/brands/{id}/theme: the product's theme and whether its plan may save one. */
export function useBrandTheme(brandId: number) {
  return useQuery({
    queryKey: themeKeys.detail(brandId),
    queryFn: ({ signal }) => getBrandTheme(brandId, signal),
  });
}
