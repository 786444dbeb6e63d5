import { DATA_ATTRIBUTES } from '../lib/attribute-kinds';
import { useAttributeDefinitions } from './use-attribute-definitions';

/** GET /v1/data-attributes?brand_id: the brand's data attribute definitions. */
export function useDataAttributes(brandId: number | null) {
  return useAttributeDefinitions(DATA_ATTRIBUTES, brandId);
}
