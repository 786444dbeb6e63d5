import { useQuery } from '@tanstack/react-query';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import type { ApiError } from '@/services/http';
import { getAttributeOptions } from '@/services/customer-profiles';
import { conditionKeys } from '../lib/condition-query-keys';

/** GET v1/attributes/options: the Attribute & Metadata picker, grouped ATTRIBUTE / METADATA. */
export function useAttributeOptions(brandId: number, enabled = true) {
  return useQuery<AttributeOptionGroup[], ApiError>({
    queryKey: conditionKeys.attributeOptions(brandId),
    queryFn: ({ signal }) => getAttributeOptions(brandId, signal),
    enabled,
  });
}
