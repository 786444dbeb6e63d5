import type { z } from 'zod';
import type { DataType } from '@/lib/conditions';
import {
  dataAttributeBody,
  metadataAttributeBody,
  type DataAttribute,
  type MetadataAttribute,
} from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import {
  createDataAttribute,
  createMetadataAttribute,
  deleteDataAttribute,
  deleteMetadataAttribute,
  listDataAttributes,
  listMetadataAttributes,
  updateDataAttribute,
  updateMetadataAttribute,
} from '@/api/customer-profiles';
import { profileKeys } from './query-keys';

/** The key of the field name in each kind's body: data attributes and metadata differ. */
export type AttributeFieldKey = 'field_name' | 'custom_field_name';

/** What the attribute dialog sends: brand, field name (under the kind's key), name, type. */
export type AttributeInput<K extends AttributeFieldKey> = { [P in K]: string } & {
  brand_id: number;
  name: string;
  data_type: DataType;
};

/** A definition the dialogs can edit and delete: it has an id. */
export type EditableAttribute<K extends AttributeFieldKey> = { [P in K]: string } & {
  id: number;
  name: string;
  data_type: DataType;
};

/** One attribute definition as the tables show it. */
export interface AttributeTableRow {
  key: string;
  fieldName: string;
  name: string;
  dataType: DataType;
  /** System attributes are listed with a badge and cannot be changed. */
  system: boolean;
}

/** The API of one kind of attribute definition and the query key of its list. */
export interface AttributeEndpoints<K extends AttributeFieldKey, TItem> {
  queryKey: (brandId: number) => readonly unknown[];
  list: (brandId: number, signal?: AbortSignal) => Promise<TItem[]>;
  create: (body: AttributeInput<K>) => Promise<unknown>;
  update: (id: number, body: AttributeInput<K>) => Promise<unknown>;
  remove: (id: number) => Promise<void>;
}

/**
 * One kind of attribute definition (data or metadata): its endpoints, form contract and wording.
 * The definition pages and the add/edit dialog are written once against this.
 */
export interface AttributeKind<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
> extends AttributeEndpoints<K, TItem> {
  fieldKey: K;
  schema: z.ZodType<AttributeInput<K>, AttributeInput<K>>;
  /** How a listed definition shows in the table. */
  toRow: (item: TItem) => AttributeTableRow;
  /** The listed definition as an editable one; null for system attributes. */
  editable: (item: TItem) => TAttribute | null;
  labels: {
    /** In dialog titles: "Add data attribute". */
    noun: string;
    /** Page heading and table caption. */
    title: string;
    headingId: string;
    description: string;
    /** Shown when the brand has no definitions yet; omit where there are always some. */
    empty?: string;
    fieldNamePlaceholder: string;
    fieldNameHint: string;
    namePlaceholder: string;
  };
  messages: { created: string; updated: string; deleted: string };
}

/** A brand's own data attribute: system ones (id null) cannot be edited. */
export type CustomDataAttribute = DataAttribute & { id: number };

const isCustom = (a: DataAttribute): a is CustomDataAttribute => !a.system && a.id !== null;
/** System attributes have no id; their field name is unique, so it keys their row. */
const dataRowKey = (a: DataAttribute) => (a.id === null ? `system:${a.field_name}` : String(a.id));

/** Data attributes: the system ones plus the brand's custom trait definitions. */
export const DATA_ATTRIBUTES: AttributeKind<'field_name', DataAttribute, CustomDataAttribute> = {
  fieldKey: 'field_name',
  schema: dataAttributeBody,
  queryKey: profileKeys.dataAttributes,
  list: listDataAttributes,
  create: createDataAttribute,
  update: updateDataAttribute,
  remove: deleteDataAttribute,
  toRow: (a) => ({
    key: dataRowKey(a),
    fieldName: a.field_name,
    name: a.name,
    dataType: a.data_type,
    system: !isCustom(a),
  }),
  editable: (a) => (isCustom(a) ? a : null),
  labels: {
    noun: 'data attribute',
    title: 'Data attributes',
    headingId: 'data-attributes-heading',
    description:
      'Traits every customer profile carries: the system ones Signpost records, and your own sent with identify().',
    fieldNamePlaceholder: 'company_size',
    fieldNameHint: 'Letters, digits and underscores; the trait key sent with identify().',
    namePlaceholder: 'Company size',
  },
  messages: {
    created: MESSAGES.profiles.attributeCreated,
    updated: MESSAGES.profiles.attributeUpdated,
    deleted: MESSAGES.profiles.attributeDeleted,
  },
};

/** Metadata attributes: the brand's own fields on customer profiles. */
export const METADATA_ATTRIBUTES: AttributeKind<
  'custom_field_name',
  MetadataAttribute,
  MetadataAttribute
> = {
  fieldKey: 'custom_field_name',
  schema: metadataAttributeBody,
  queryKey: profileKeys.metadataAttributes,
  list: listMetadataAttributes,
  create: createMetadataAttribute,
  update: updateMetadataAttribute,
  remove: deleteMetadataAttribute,
  toRow: (a) => ({
    key: String(a.id),
    fieldName: a.custom_field_name,
    name: a.name,
    dataType: a.data_type,
    system: false,
  }),
  editable: (a) => a,
  labels: {
    noun: 'metadata attribute',
    title: 'Metadata attributes',
    headingId: 'metadata-heading',
    description:
      'Your own fields on customer profiles, set from identify() traits.metadata or edited on a profile.',
    empty: 'No metadata attributes yet. Add one to keep your own values on customer profiles.',
    fieldNamePlaceholder: 'plan_name',
    fieldNameHint: 'Letters, digits and underscores; the key in identify() traits.metadata.',
    namePlaceholder: 'Plan name',
  },
  messages: {
    created: MESSAGES.profiles.metadataCreated,
    updated: MESSAGES.profiles.metadataUpdated,
    deleted: MESSAGES.profiles.metadataDeleted,
  },
};
