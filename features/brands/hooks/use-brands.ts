import { useQuery } from '@tanstack/react-query';
import { listBrands } from '@/api/brands';
import { BRAND_LIST_PARAMS, brandKeys } from '../lib/query-keys';

/** The signed-in user's tracked products (GET /v1/brands). */
export function useBrands() {
  return useQuery({
    queryKey: brandKeys.list(BRAND_LIST_PARAMS),
    queryFn: ({ signal }) => listBrands(BRAND_LIST_PARAMS, signal),
  });
}
