import { z } from 'zod';
import { MESSAGES } from '../messages';
import { brandIdField, requiredText, storable } from './common';
import { customerConditionSchema, eventConditionSchema } from './flows';

/** Limits of docs/segments.md, "Limits". */
export const MAX_SEGMENT_CONDITIONS = 20;
export const MAX_SEGMENTS_PER_PRODUCT = 200;
/** A segment counts as one level; one that includes another as two, and so on. */
export const MAX_SEGMENT_DEPTH = 3;
export const SEGMENT_NAME_MAX = 255;

export const SEGMENT_OPERATORS = ['AND', 'OR'] as const;
export type SegmentOperator = (typeof SEGMENT_OPERATORS)[number];

/** An attribute of the customer: exactly the flow contract's customer condition. */
export const segmentCustomerConditionSchema = customerConditionSchema.extend({
  type: z.literal('customer'),
});

/**
 * What the customer did: exactly the flow contract's event condition. The event is named by
 * `event_code`; `event_id` (the flow editor's pick) may be left out.
 */
export const segmentEventConditionSchema = eventConditionSchema.extend({
  type: z.literal('event'),
  event_id: eventConditionSchema.shape.event_id.default(null),
});
export type SegmentEventCondition = z.infer<typeof segmentEventConditionSchema>;

/** In (or, with `negate`, not in) another segment of the same product. */
export const segmentRefConditionSchema = z.object({
  type: z.literal('segment'),
  segment_id: z.number().int().positive().max(2147483647),
  negate: z.boolean().default(false),
});
export type SegmentRefCondition = z.infer<typeof segmentRefConditionSchema>;

/** A condition that may sit inside a group (no group in a group). */
export const segmentLeafConditionSchema = z.discriminatedUnion('type', [
  segmentCustomerConditionSchema,
  segmentEventConditionSchema,
  segmentRefConditionSchema,
]);
export type SegmentLeafCondition = z.infer<typeof segmentLeafConditionSchema>;

const conditionList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_SEGMENT_CONDITIONS, {
    error: MESSAGES.segments.maxConditions(MAX_SEGMENT_CONDITIONS),
  });

/** One level of nesting: `A AND (B OR C)`. */
export const segmentGroupConditionSchema = z.object({
  type: z.literal('group'),
  operator: z.enum(SEGMENT_OPERATORS),
  conditions: conditionList(segmentLeafConditionSchema),
});

export const segmentConditionSchema = z.discriminatedUnion('type', [
  segmentCustomerConditionSchema,
  segmentEventConditionSchema,
  segmentRefConditionSchema,
  segmentGroupConditionSchema,
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

/** Who is in a segment (docs/segments.md, "Definition"). */
export const segmentDefinitionSchema = z.object({
  operator: z.enum(SEGMENT_OPERATORS),
  conditions: conditionList(segmentConditionSchema),
});
export type SegmentDefinition = z.infer<typeof segmentDefinitionSchema>;
export type SegmentDefinitionInput = z.input<typeof segmentDefinitionSchema>;

/** The body of POST /v1/segments and PUT /v1/segments/{id}. */
export const segmentBody = z.object({
  brand_id: brandIdField,
  name: requiredText('Name', SEGMENT_NAME_MAX),
  definition: segmentDefinitionSchema,
});
export type SegmentBody = z.infer<typeof segmentBody>;
export type SegmentInput = z.input<typeof segmentBody>;

/** A segment as reads and writes answer it. */
export const segmentSchema = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  definition: segmentDefinitionSchema,
  /** Null until the engine has counted the members. */
  member_count: z.number().int().nullable(),
  computed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

/**
 * What a save did to the audience of the published tours that read the segment: members gained
 * and lost by the new definition, and those tours (docs/segments.md, "API").
 */
export const membershipChangeSchema = z.object({
  gained: z.number().int(),
  lost: z.number().int(),
  tours: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type MembershipChange = z.infer<typeof membershipChangeSchema>;

/**
 * PUT /v1/segments/{id}'s answer: the segment, and `membership_change` when its definition
 * changed and a published tour reads it (null otherwise, or when it could not be counted).
 */
export const savedSegmentSchema = segmentSchema.extend({
  membership_change: membershipChangeSchema.nullable(),
});
export type SavedSegment = z.infer<typeof savedSegmentSchema>;

/** One row of the list. */
export const segmentListItemSchema = segmentSchema.pick({
  id: true,
  brand_id: true,
  name: true,
  member_count: true,
  computed_at: true,
  updated_at: true,
});
export type SegmentListItem = z.infer<typeof segmentListItemSchema>;

/**
 * GET /v1/segments: by name A→Z; `cursor` is the previous page's `nextCursor` (opaque, keyset),
 * absent for the first page.
 */
export const listSegmentsQuery = z.object({
  brand_id: brandIdField,
  search: z.string().max(255).refine(storable, { error: MESSAGES.http.badCharacters }).optional(),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
});
export type ListSegmentsQuery = z.infer<typeof listSegmentsQuery>;
export type ListSegmentsParams = z.input<typeof listSegmentsQuery>;

export const segmentListSchema = z.object({
  data: z.array(segmentListItemSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type SegmentList = z.infer<typeof segmentListSchema>;
