/**
 * The tours renderer: plays a flow's steps in a shadow root on any page. Framework-free, so the
 * dashboard's preview and the SDK's tours bundle share it; no dependencies (its positioner is
 * `position.ts`).
 */
export { endingOf } from './ending';
export { playTour } from './player';
export { sanitizeStepContent } from './sanitize';
export type { TourTheme } from './theme';
export type {
  DismissCause,
  FlowAction,
  FlowButton,
  FlowStep,
  TourEndReason,
  TourPlayer,
  TourPlayerOptions,
} from './types';
