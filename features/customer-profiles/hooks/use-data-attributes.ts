import { useQuery } from '@tanstack/react-query';
import { listDataAttributes } from '@/services/customer-profiles';
import { profileKeys } from '../lib/query-keys';

/** GET /v1/data-attributes?brand_id: the brand's data attribute definitions. */
export function useDataAttributes(brandId: number | null) {
  return useQuery({
    queryKey: profileKeys.dataAttributes(brandId ?? 0),
    queryFn: ({ signal }) => listDataAttributes(brandId as number, signal),
    enabled: brandId !== null,
  });
}
