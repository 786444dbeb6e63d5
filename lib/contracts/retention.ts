import { z } from 'zod';
import { PLAN_CODES, type PlanCode } from '../constants';
import { MESSAGES } from '../messages';
import { PLAN_CATALOGUE, RETENTION_LIMITS } from '../plans';

/**
 * A product's data retention (docs/retention.md): how many months of events it keeps, bounded by
 * its account's plan. Shared by the routes, the Settings page's Data section and the mock API.
 */

/** The most months a product on an unlimited plan may still choose (ten years). */
export const MAX_RETENTION_MONTHS = 120;

/** PUT v1/brands/{id}/retention: months, or null for the plan's maximum. */
export const retentionBodySchema = z.object({
  retention_months: z
    .number({ error: MESSAGES.retention.months(MAX_RETENTION_MONTHS) })
    .int({ error: MESSAGES.retention.months(MAX_RETENTION_MONTHS) })
    .min(1, { error: MESSAGES.retention.months(MAX_RETENTION_MONTHS) })
    .max(MAX_RETENTION_MONTHS, { error: MESSAGES.retention.months(MAX_RETENTION_MONTHS) })
    .nullable(),
});
export type RetentionBody = z.infer<typeof retentionBodySchema>;

/** GET/PUT v1/brands/{id}/retention. */
export const retentionSchema = z.object({
  /** As saved: null = the plan's maximum. */
  retention_months: z.number().int().nullable(),
  /** What applies now: the saved months within the plan's bound; null = every event is kept. */
  effective_months: z.number().int().nullable(),
  plan: z.enum(PLAN_CODES),
  /** The plan's bound; null = unlimited. */
  plan_max_months: z.number().int().nullable(),
  /** Events before this time are hidden from every read and deleted at the nightly purge. */
  cutoff: z.string().nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

/** An unknown plan counts as Free (as the other plan limits do). */
export function planOf(code: string | null | undefined): PlanCode {
  return (PLAN_CODES as readonly string[]).includes(code ?? '') ? (code as PlanCode) : 'free';
}

/** The months that apply: the saved months within the plan's bound (null = unlimited). */
export function effectiveRetention(saved: number | null, plan: PlanCode): number | null {
  const max = RETENTION_LIMITS[plan];
  if (saved === null) return max;
  return max === null ? saved : Math.min(saved, max);
}

/**
 * `months` calendar months (UTC) before `now`; a day the month lacks becomes its last day
 * (31 March minus one month is 28 or 29 February).
 */
export function retentionCutoff(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const cut = new Date(now.getTime());
  cut.setUTCFullYear(y, m, Math.min(now.getUTCDate(), last));
  return cut;
}

/** The answer of GET/PUT v1/brands/{id}/retention for the saved months on `plan` at `now`. */
export function retentionAnswer(saved: number | null, plan: PlanCode, now: Date): Retention {
  const effective = effectiveRetention(saved, plan);
  return {
    retention_months: saved,
    effective_months: effective,
    plan,
    plan_max_months: RETENTION_LIMITS[plan],
    cutoff: effective === null ? null : retentionCutoff(now, effective).toISOString(),
  };
}

/** Why `months` cannot be saved on `plan` (above its bound), or null when it can. */
export function overPlanMessage(months: number | null, plan: PlanCode): string | null {
  const max = RETENTION_LIMITS[plan];
  if (months === null || max === null || months <= max) return null;
  const name = PLAN_CATALOGUE.find((p) => p.code === plan)?.name ?? plan;
  return MESSAGES.retention.overPlan(name, max);
}
