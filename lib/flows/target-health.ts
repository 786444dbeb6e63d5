import {
  TARGET_HEALTH_MIN_VIEWS,
  TARGET_HEALTH_STATUSES,
  type TargetHealthStatus,
} from '../contracts/target-health-constants';
import type { StepTargetHealth, TargetHealth } from '../contracts/target-health';
import type { FlowBody } from '../contracts/flows';

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

/** What the health of a tour needs of it. */
export interface HealthFlow {
  id: number;
  name: string;
  published: boolean;
  definition: Pick<FlowBody, 'steps'>;
  /** Unpublish it when it turns broken (false when absent). */
  pauseWhenBroken?: boolean;
}

/**
 * One group of a tour's sessions in the window, as the server counts them
 * (server/modules/flows/target-health.service.ts).
 */
export interface SessionGroup {
  flowId: number;
  stepId: string | null;
  progress: number;
  missing: boolean;
  /** Steps whose target changed after these sessions started: they do not count there. */
  stale: readonly string[];
  n: number;
  last: Date | null;
}

/**
 * A tour's target health from its sessions' groups (docs/flows.md, "Target health"). A session
 * viewed step i when its progress reached i + 1, or when it ended on step i because the target
 * was missing (the renderer may report that without a view first). A session started before the
 * step's target last changed counts for nothing on that step.
 */
export function healthOf(flow: HealthFlow, groups: readonly SessionGroup[]): TargetHealth {
  const steps: StepTargetHealth[] = [];
  flow.definition.steps.forEach((step, i) => {
    let views = 0;
    let missing = 0;
    let last: number | null = null;
    for (const g of groups) {
      if (g.stale.includes(step.id)) continue;
      const missedHere = g.missing && g.stepId === step.id;
      if (missedHere) missing += g.n;
      if (g.progress >= i + 1) {
        views += g.n;
        if (g.last && (last === null || g.last.getTime() > last)) last = g.last.getTime();
      } else if (missedHere) views += g.n;
    }
    const target = step.select_element;
    // Only steps with a target can go missing; others still count towards step 1's attempts.
    if (!target?.selector) return;
    steps.push({
      step_id: step.id,
      status: stepHealth({ views, missing }, i === 0),
      selector: target.selector,
      views,
      missing,
      insufficient_data: tooFewViews({ views, missing }),
      last_found_at: last === null ? null : new Date(last).toISOString(),
      pages: target.url ? [target.url] : [],
    });
  });
  const status = worstHealth(steps.map((s) => s.status));
  return { status, steps, pause_when_broken: flow.pauseWhenBroken ?? false };
}
