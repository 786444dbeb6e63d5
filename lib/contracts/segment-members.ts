import { z } from 'zod';
import { brandIdField } from './common';
import { profileSchema } from './customer-profiles';
import { segmentDefinitionSchema } from './segments';

/**
 * Preview and members of segments (docs/segments.md, "Engine"): one contract read by the
 * server's routes, the mock API and the dashboard.
 */

/** POST /v1/segments/preview's body. */
export const segmentPreviewBodySchema = z.object({
  brand_id: brandIdField,
  definition: segmentDefinitionSchema,
  /** Count to the end however long it takes (the builder's "Count exactly"). */
  exact: z.boolean({ error: 'exact must be true or false' }).optional(),
});

/** Exact, or (over the time budget) an estimate with its 95% interval. */
export const segmentPreviewSchema = z.object({
  count: z.number().int(),
  /** At most 10 of the matching customers. */
  sample: z.array(profileSchema),
  exact: z.boolean(),
  ci95: z.tuple([z.number().int(), z.number().int()]).optional(),
  took_ms: z.number(),
});
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

/** GET /v1/segments/{id}/members's query. */
export const segmentMembersQuerySchema = z.object({
  /** The previous page's `nextCursor`: the id of its last profile. */
  cursor: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'cursor must be a nextCursor of this list' })
    .optional(),
  limit: z.coerce.number<number>().int().min(1).max(100).default(20),
  format: z
    .enum(['json', 'csv', 'ndjson'], { error: 'format must be json, csv or ndjson' })
    .default('json'),
});

/** One page of GET /v1/segments/{id}/members. */
export const segmentMembersPageSchema = z.object({
  data: z.array(profileSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
  computed_at: z.string(),
});
export type SegmentMembersPage = z.infer<typeof segmentMembersPageSchema>;
