import { useQuery } from '@tanstack/react-query';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import { getAttributeOptions } from '@/api/customer-profiles';
import type { ApiError } from '@/api/http';
import { attributeKeys } from './query-keys';

/**
 * GET /v1/attributes/options: the attribute picker, grouped ATTRIBUTE / METADATA. One cache for
 * the profile filter and the flow editor, refreshed when an attribute definition changes.
 */
export function useAttributeOptions(brandId: number) {
  return useQuery<AttributeOptionGroup[], ApiError>({
    queryKey: attributeKeys.options(brandId),
    queryFn: ({ signal }) => getAttributeOptions(brandId, signal),
  });
}
