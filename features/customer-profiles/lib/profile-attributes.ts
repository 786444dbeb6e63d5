import type { DataType } from '@/lib/conditions';
import {
  SYSTEM_DATA_ATTRIBUTES,
  type CustomerProfile,
  type DataAttribute,
  type MetadataAttribute,
} from '@/lib/contracts/customer-profiles';
import { displayValue } from './display-value';

/** One labelled value of the profile details cards. */
export interface AttributeRow {
  key: string;
  label: string;
  value: string;
  dataType?: DataType;
  system: boolean;
}

const SYSTEM_DEFINITIONS: DataAttribute[] = SYSTEM_DATA_ATTRIBUTES.map((a) => ({
  ...a,
  id: null,
  system: true,
}));

/** A system attribute's value: e-mail, name and last seen live in columns, the rest in traits. */
function attributeValue(profile: CustomerProfile, field: string): unknown {
  const traits = profile.data_attributes;
  switch (field) {
    case 'email':
      return profile.email ?? traits.email;
    case 'name':
      return profile.name ?? traits.name;
    case 'last_seen':
      return profile.last_seen;
    default:
      return traits[field];
  }
}

/**
 * The Data attributes card: the defined attributes (system ones first, as the API lists them)
 * with N/A for missing values, then any other trait the profile carries.
 */
export function dataAttributeRows(
  profile: CustomerProfile,
  definitions: readonly DataAttribute[] = SYSTEM_DEFINITIONS,
): AttributeRow[] {
  const defined = definitions.length > 0 ? definitions : SYSTEM_DEFINITIONS;
  const known = new Set(defined.map((d) => d.field_name));
  const rows: AttributeRow[] = defined.map((d) => ({
    key: d.field_name,
    label: d.name,
    value: displayValue(attributeValue(profile, d.field_name), d.data_type),
    dataType: d.data_type,
    system: d.system,
  }));
  for (const [key, value] of Object.entries(profile.data_attributes)) {
    if (known.has(key)) continue;
    rows.push({ key, label: key, value: displayValue(value), system: false });
  }
  return rows;
}

/** The Metadata card: every metadata attribute of the brand with this profile's value or N/A. */
export function metadataRows(
  profile: CustomerProfile,
  attributes: readonly MetadataAttribute[],
): AttributeRow[] {
  return attributes.map((a) => ({
    key: a.custom_field_name,
    label: a.name,
    value: displayValue(profile.metadata[a.custom_field_name], a.data_type),
    dataType: a.data_type,
    system: false,
  }));
}
