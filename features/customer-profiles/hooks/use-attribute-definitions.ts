import { useQuery } from '@tanstack/react-query';
import type { AttributeEndpoints, AttributeFieldKey } from '../lib/attribute-kinds';

/** GET the brand's definitions of one attribute kind (data or metadata attributes). */
export function useAttributeDefinitions<K extends AttributeFieldKey, TItem>(
  kind: AttributeEndpoints<K, TItem>,
  brandId: number | null,
) {
  return useQuery({
    queryKey: kind.queryKey(brandId ?? 0),
    queryFn: ({ signal }) => kind.list(brandId as number, signal),
    enabled: brandId !== null,
  });
}
