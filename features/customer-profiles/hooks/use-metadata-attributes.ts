import { useQuery } from '@tanstack/react-query';
import { listMetadataAttributes } from '@/services/customer-profiles';
import { profileKeys } from '../lib/query-keys';

/** GET /v1/metadata-attributes?brand_id: the brand's metadata attribute definitions. */
export function useMetadataAttributes(brandId: number | null) {
  return useQuery({
    queryKey: profileKeys.metadataAttributes(brandId ?? 0),
    queryFn: ({ signal }) => listMetadataAttributes(brandId as number, signal),
    enabled: brandId !== null,
  });
}
