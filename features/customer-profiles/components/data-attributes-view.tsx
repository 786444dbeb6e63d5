import { DATA_ATTRIBUTES } from '../lib/attribute-kinds';
import { AttributesView } from './attributes-view';

/** /customer-profiles/data-attributes (Data Attributes). */
export function DataAttributesView() {
  return <AttributesView kind={DATA_ATTRIBUTES} />;
}
