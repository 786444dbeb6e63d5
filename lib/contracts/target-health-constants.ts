/**
 * The target-health constants without zod or the flow contract (docs/flows.md, "Target health"),
 * so the tours list's badge (lib/flows/target-health.ts) stays out of the contract's weight:
 * importing lib/contracts/target-health.ts from the list page added 53 KB to /flows.
 */
export const TARGET_HEALTH_STATUSES = ['healthy', 'degraded', 'broken', 'unknown'] as const;
export type TargetHealthStatus = (typeof TARGET_HEALTH_STATUSES)[number];

/**
 * Views a step needs in the window before its share of missing targets can make it degraded or
 * broken: below it the step is healthy with `insufficient_data`, so a few sessions (the runtime
 * calls are public, anyone with the write key can make them) never break a tour, mail its owner
 * or pause it.
 */
export const TARGET_HEALTH_MIN_VIEWS = 20;
