import { METADATA_ATTRIBUTES } from '../lib/attribute-kinds';
import { AttributesView } from './attributes-view';

/** /customer-profiles/metadata (Metadata Attributes). */
export function MetadataAttributesView() {
  return <AttributesView kind={METADATA_ATTRIBUTES} />;
}
