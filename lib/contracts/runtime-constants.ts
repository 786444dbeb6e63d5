/**
 * The flow runtime's constants (docs/flows.md, "Runtime API"), without zod: the SDK's tours bundle
 * imports them from here, and lib/contracts/flow-runtime.ts re-exports them beside its schemas.
 * Nothing in this file may import zod (the bundle stays small; `npm run build:sdk` prints its size).
 */

/**
 * Event codes the flow runtime stores for a product (docs/flows.md, "Flow events"). They are
 * reserved: ingestion refuses them, so only the runtime writes what reports count.
 */
export const FLOW_EVENT_CODES = {
  started: 'flow_started',
  stepSeen: 'flow_step_seen',
  buttonClicked: 'flow_button_clicked',
  targetMissing: 'flow_target_missing',
  completed: 'flow_completed',
  dismissed: 'flow_dismissed',
} as const;

/** How often the tours bundle re-asks while a tour is on screen: unpublishing shows within 5 s. */
export const FLOW_SESSION_POLL_MS = 3_000;
/** How long a tooltip waits for its target element before it reports `target_missing`. */
export const FLOW_TARGET_WAIT_MS = 6_000;

export const FLOW_TRACK_TYPES = ['step_seen', 'button_clicked', 'target_missing'] as const;
export type FlowTrackType = (typeof FLOW_TRACK_TYPES)[number];

export const FLOW_OUTCOMES = ['completed', 'dismissed'] as const;
export type FlowOutcome = (typeof FLOW_OUTCOMES)[number];
