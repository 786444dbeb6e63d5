import {
  TARGET_HEALTH_MIN_VIEWS,
  TARGET_HEALTH_STATUSES,
  type TargetHealthStatus,
} from '../contracts/target-health';

/**
 * Target health of a published tour (docs/flows.md, "Target health"): per step, over the last
 * 24 hours, the sessions whose target was missing divided by the step's views.
 */
export { TARGET_HEALTH_MIN_VIEWS, TARGET_HEALTH_STATUSES, type TargetHealthStatus };

/** The window the health is computed over. */
export const TARGET_HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000;
/** From this share of missing targets a step is degraded (5 %). */
export const DEGRADED_SHARE = 0.05;
/** From this share a step is broken (25 %). */
export const BROKEN_SHARE = 0.25;
/** Step 1 never found in at least this many attempts is broken whatever the share. */
export const FIRST_STEP_ATTEMPTS = 20;

/** What the runtime recorded of one step in the window. */
export interface StepTargetCounts {
  /** Times the step was shown or tried (its views, the missing ones included). */
  views: number;
  /** Sessions that ended because the step's target was not found. */
  missing: number;
}

/** Some views, but fewer than the share needs to judge (TARGET_HEALTH_MIN_VIEWS). */
export const tooFewViews = (c: StepTargetCounts) =>
  c.views > 0 && c.views < TARGET_HEALTH_MIN_VIEWS;

/**
 * One step's status: unknown without views; healthy below TARGET_HEALTH_MIN_VIEWS views whatever
 * the share (too little data, `tooFewViews`).
 */
export function stepHealth(c: StepTargetCounts, isFirst: boolean): TargetHealthStatus {
  if (c.views <= 0) return 'unknown';
  if (isFirst && c.views >= FIRST_STEP_ATTEMPTS && c.missing >= c.views) return 'broken';
  if (tooFewViews(c)) return 'healthy';
  const share = c.missing / c.views;
  if (share >= BROKEN_SHARE) return 'broken';
  if (share >= DEGRADED_SHARE) return 'degraded';
  return 'healthy';
}

const RANK: Record<TargetHealthStatus, number> = { unknown: 0, healthy: 1, degraded: 2, broken: 3 };

/** The worst of some statuses (broken > degraded > healthy > unknown); unknown when none. */
export function worstHealth(statuses: readonly TargetHealthStatus[]): TargetHealthStatus {
  return statuses.reduce<TargetHealthStatus>((w, h) => (RANK[h] > RANK[w] ? h : w), 'unknown');
}

/** A tour's status: its worst step's; unknown when no step has data. */
export function tourHealth(steps: readonly StepTargetCounts[]): TargetHealthStatus {
  return worstHealth(steps.map((s, i) => stepHealth(s, i === 0)));
}

/** What the dashboard says of a status (the badge's text and accessible name). */
export const TARGET_HEALTH_LABELS: Record<TargetHealthStatus, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  broken: 'Broken',
  unknown: 'No data',
};
