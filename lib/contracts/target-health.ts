import { z } from 'zod';
import { flowListItemSchema, flowListSchema } from './flows';
import { TARGET_HEALTH_STATUSES } from './target-health-constants';

export {
  TARGET_HEALTH_MIN_VIEWS,
  TARGET_HEALTH_STATUSES,
  type TargetHealthStatus,
} from './target-health-constants';

/**
 * Target health of a tour over the last 24 hours (docs/flows.md, "Target health"): the `health`
 * of GET v1/flows/{id}/report and the `target_health` of each tour in GET v1/flows. The rule is
 * lib/flows/target-health.ts.
 */
export const targetHealthStatusSchema = z.enum(TARGET_HEALTH_STATUSES);

/** One step that targets an element: its selector, the page it was picked on and the counts. */
export const stepTargetHealthSchema = z.object({
  step_id: z.string(),
  status: targetHealthStatusSchema,
  selector: z.string(),
  /** Views of the step in the window, the target-missing ones included. */
  views: z.number(),
  /** Sessions that ended because the target was not found. */
  missing: z.number(),
  /**
   * Fewer views than TARGET_HEALTH_MIN_VIEWS (but some): the status stays healthy whatever the
   * share, too little data to judge. Absent from older answers.
   */
  insufficient_data: z.boolean().optional(),
  /** Latest activity of a session that had found the target (ISO time); null if none did. */
  last_found_at: z.string().nullable(),
  /** The pages the step targets (the page it was picked on, when known). */
  pages: z.array(z.string()),
});

export const targetHealthSchema = z.object({
  status: targetHealthStatusSchema,
  steps: z.array(stepTargetHealthSchema),
  /** The tour is unpublished when it turns broken (PUT v1/flows/{id}/target-health). */
  pause_when_broken: z.boolean(),
});

/** Body and answer of PUT v1/flows/{id}/target-health: the tour's health option. */
export const targetHealthSettingsSchema = z.object({ pause_when_broken: z.boolean() });
export type TargetHealthSettings = z.infer<typeof targetHealthSettingsSchema>;
export type TargetHealth = z.infer<typeof targetHealthSchema>;
export type StepTargetHealth = z.infer<typeof stepTargetHealthSchema>;

/** A tours list item with its health (published tours only; absent on drafts). */
export const flowListItemWithHealthSchema = flowListItemSchema.extend({
  target_health: targetHealthStatusSchema.optional(),
});
export const flowListWithHealthSchema = flowListSchema.extend({
  data: z.array(flowListItemWithHealthSchema),
});
