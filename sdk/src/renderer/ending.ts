import type { TourEnding } from '../../../lib/flows/outcome';
import type { DismissCause, TourEndReason } from './types';

/**
 * What the player's end means in the terms of `tourOutcome` (lib/flows/outcome.ts, docs/flows.md
 * "How an ending counts"); `target_missing` is not an ending of the visitor's.
 */
export function endingOf(
  reason: Exclude<TourEndReason, 'target_missing'>,
  cause: DismissCause | undefined,
): TourEnding {
  if (reason === 'navigated') return 'navigation';
  if (reason === 'completed') return 'goto_past_end';
  return cause === 'button' ? 'dismiss' : cause === 'esc' ? 'esc' : 'close';
}
