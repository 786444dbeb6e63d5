import { useQuery } from '@tanstack/react-query';
import { getAttributeOptions } from '@/services/customer-profiles';
import { profileKeys } from '../lib/query-keys';

/** GET /v1/attributes/options: the filter's attribute picker, grouped ATTRIBUTE / METADATA. */
export function useAttributeOptions(brandId: number) {
  return useQuery({
    queryKey: profileKeys.attributeOptions(brandId),
    queryFn: ({ signal }) => getAttributeOptions(brandId, signal),
  });
}
