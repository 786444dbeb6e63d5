import { z } from 'zod';
import { brandIdField } from './common';

/**
 * Home (docs/home.md): where a signed-in user stands. `brand_id` is the product the dashboard is
 * looking at; without one only the account-wide parts are filled in.
 */
export const homeQuery = z.object({
  brand_id: brandIdField.optional(),
});
export type HomeQuery = z.infer<typeof homeQuery>;

export const homeChecklistSchema = z.object({
  /** The account has a tracked product. */
  product_created: z.boolean(),
  /** The product has received at least one event. */
  snippet_installed: z.boolean(),
  /** The product has at least one event definition. */
  event_defined: z.boolean(),
  /** The product has a published tour. */
  tour_published: z.boolean(),
  /** The product has a saved report (short links will count here too). */
  report_or_link_created: z.boolean(),
});
export type HomeChecklist = z.infer<typeof homeChecklistSchema>;
/** One step of the getting-started checklist; each ticks from real state. */
export type HomeStep = keyof HomeChecklist;

export const homeLiveTourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Tour starts over the past 7 days, today included (the report's "Past 7 days"). */
  views_this_week: z.number().int(),
});

export const homeSchema = z.object({
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  checklist: homeChecklistSchema,
  /** Events of the product since midnight in its time zone. */
  today: z.object({ events: z.number().int() }),
  /** This UTC month's monthly active users of the account against its limit (0 = unlimited). */
  mau: z.object({ count: z.number().int(), limit: z.number().int() }),
  /** The product's published tours, most recently changed first (at most HOME_LIVE_TOURS). */
  live_tours: z.array(homeLiveTourSchema),
});
export type Home = z.infer<typeof homeSchema>;

/** How many live tours Home lists. */
export const HOME_LIVE_TOURS = 5;
