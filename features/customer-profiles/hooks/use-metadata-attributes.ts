import { METADATA_ATTRIBUTES } from '../lib/attribute-kinds';
import { useAttributeDefinitions } from './use-attribute-definitions';

/** GET /v1/metadata-attributes?brand_id: the brand's metadata attribute definitions. */
export function useMetadataAttributes(brandId: number | null) {
  return useAttributeDefinitions(METADATA_ATTRIBUTES, brandId);
}
