import { z } from 'zod';
import { ALL_CONDITION_TYPES, DATA_TYPES, type ConditionType, type DataType } from '../conditions';
import { PROFILE_LIST_PAGE_SIZE, TIMELINE_PAGE_SIZE } from '../constants';
import { MESSAGES } from '../messages';
import { brandIdField, rangeValue, requiredText, withoutNul } from './common';
import { trackedEventSchema } from './events';

/** A customer profile (issue "Tracking" §3). */
export const profileSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  customer_key: z.string(),
  anonymous_ids: z.array(z.string()),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** Traits from identify plus system values (country, browser, os, device). */
  data_attributes: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type CustomerProfile = z.infer<typeof profileSchema>;

const conditionValue = z.union([
  z.string().max(255),
  z.number(),
  z.boolean(),
  rangeValue,
  z.null(),
]);

export const attributeConditionSchema = z.object({
  customer_key: requiredText('Attribute'),
  condition_type: z.enum(ALL_CONDITION_TYPES as [ConditionType, ...ConditionType[]], {
    error: MESSAGES.profiles.invalidFilter,
  }),
  value: conditionValue.optional(),
});
/** One condition of the profile list's filter (lib/conditions.ts reads it as `AttributeCondition`). */
export type AttributeCondition = z.infer<typeof attributeConditionSchema>;

/** The profile list's filter travels as JSON text in the `conditions` query parameter. */
const conditionsParam = z
  .string()
  .max(8000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: MESSAGES.profiles.invalidFilter });
      return z.NEVER;
    }
  })
  .pipe(z.array(attributeConditionSchema).max(20, { error: MESSAGES.profiles.invalidFilter }));

/**
 * Profile list cursor: '1' (the first page, docs/product/entities.md#events-and-event-lists), or
 * the opaque keyset `nextCursor` of the previous page. Plain page numbers are accepted only up to
 * PROFILE_MAX_PAGE_OFFSET rows deep.
 */
export const profileCursor = z
  .string()
  .regex(/^(?:[1-9]\d{0,6}|k\.[A-Za-z0-9_-]{1,190})$/, {
    error: 'Cursor must be 1 or the nextCursor of the previous page',
  })
  .default('1');
export const PROFILE_MAX_PAGE_OFFSET = 1000;

export const listProfilesQuery = z.object({
  brand_id: brandIdField,
  /** Matches the customer id, e-mail or name. */
  search: z.string().max(255).refine(withoutNul).optional(),
  sort_order: z.enum(['desc', 'asc']).default('desc'),
  cursor: profileCursor,
  limit: z.coerce.number<number>().int().min(1).max(100).default(PROFILE_LIST_PAGE_SIZE),
  conditions: conditionsParam.optional(),
  condition_operator: z.enum(['AND', 'OR']).default('AND'),
});
/** The profile list query as the server reads it: `conditions` parsed from its JSON text. */
export type ListProfilesQuery = z.output<typeof listProfilesQuery>;

export const profileListSchema = z.object({
  data: z.array(profileSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ProfileList = z.infer<typeof profileListSchema>;

/** Timeline paging: an opaque cursor from the previous page. */
export const timelineQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).default(TIMELINE_PAGE_SIZE),
});
/** The timeline query as the server reads it (the dashboard sends its input, api/customer-profiles.ts). */
export type TimelineQuery = z.output<typeof timelineQuery>;
export const timelineSchema = z.object({
  data: z.array(trackedEventSchema),
  nextCursor: z.string().nullable(),
});
export type Timeline = z.infer<typeof timelineSchema>;

/** PUT v1/customer-profiles/{id}/metadata: values keyed by custom_field_name. */
export const profileMetadataBody = z.object({
  metadata: z.record(
    z.string().max(255),
    z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
  ),
});

const FIELD_NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const fieldName = (label: string) =>
  requiredText(label, 63).refine((v) => FIELD_NAME_RE.test(v), {
    error: MESSAGES.profiles.fieldName,
  });
const dataType = z.enum(DATA_TYPES, { error: MESSAGES.events.dataType });

/**
 * Metadata attribute definitions (docs/product/entities.md#trigger-conditions: custom_field_name,
 * name, data_type).
 */
export const metadataAttributeBody = z.object({
  brand_id: brandIdField,
  custom_field_name: fieldName('Field name'),
  name: requiredText('Name'),
  data_type: dataType,
});
export type MetadataAttributeInput = z.input<typeof metadataAttributeBody>;
export const metadataAttributeSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  custom_field_name: z.string(),
  name: z.string(),
  data_type: dataType,
  created_at: z.string(),
});
export type MetadataAttribute = z.infer<typeof metadataAttributeSchema>;

/** Data attributes: the system ones plus custom trait definitions (field_name, name, data_type). */
export const dataAttributeBody = z.object({
  brand_id: brandIdField,
  field_name: fieldName('Field name'),
  name: requiredText('Name'),
  data_type: dataType,
});
export type DataAttributeInput = z.input<typeof dataAttributeBody>;
export const dataAttributeSchema = z.object({
  /** null for system attributes. */
  id: z.number().int().nullable(),
  field_name: z.string(),
  name: z.string(),
  data_type: dataType,
  system: z.boolean(),
});
export type DataAttribute = z.infer<typeof dataAttributeSchema>;

/** System data attributes every profile has (issue "Tracking" §8). */
export const SYSTEM_DATA_ATTRIBUTES: readonly {
  field_name: string;
  name: string;
  data_type: DataType;
}[] = [
  { field_name: 'email', name: 'Email', data_type: 'string' },
  { field_name: 'name', name: 'Name', data_type: 'string' },
  { field_name: 'created_at', name: 'Created at', data_type: 'date' },
  { field_name: 'last_seen', name: 'Last seen', data_type: 'date' },
  { field_name: 'country', name: 'Country', data_type: 'string' },
  { field_name: 'browser', name: 'Browser', data_type: 'string' },
  { field_name: 'os', name: 'OS', data_type: 'string' },
  { field_name: 'device', name: 'Device', data_type: 'string' },
];

/**
 * Attribute option for pickers (docs/product/entities.md#attribute-option: label, value, data_type,
 * extra_data).
 */
export const attributeOptionSchema = z.object({
  label: z.string(),
  value: z.string(),
  data_type: dataType,
  extra_data: z.record(z.string(), z.unknown()).nullable(),
});
export const attributeOptionGroupSchema = z.object({
  group: z.enum(['ATTRIBUTE', 'METADATA']),
  options: z.array(attributeOptionSchema),
});
export type AttributeOptionGroup = z.infer<typeof attributeOptionGroupSchema>;
export const attributeOptionsQuery = z.object({ brand_id: brandIdField });
