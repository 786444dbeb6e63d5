/**
 * How a tour's end is counted (docs/flows.md, "How an ending counts"): one rule, used by the SDK's
 * tours bundle when it reports `done` and by the editor's hint beside the last step's buttons.
 * No zod here: the SDK bundles this file.
 */
import type { FlowAction } from '../contracts/flows';

/**
 * What ended the tour: the close button, Esc, or a button's (or a tooltip element's) action that
 * dismisses, navigates away, or goes past the last step.
 */
export type TourEnding = 'close' | 'esc' | 'dismiss' | 'navigation' | 'goto_past_end';

/**
 * The outcome of an ending on the step at `stepIndex` (0-based) of `stepCount`:
 * - an action that ends the tour on its **last** step (dismiss, navigation, goto past the end) is
 *   a completion: the visitor went through every step;
 * - the close button and Esc are dismissals wherever they are, and so is a dismiss action on an
 *   earlier step;
 * - a navigation on an earlier step ends nothing (`null`): the next page resumes the tour.
 */
export function tourOutcome(
  ending: TourEnding,
  stepIndex: number,
  stepCount: number,
): 'completed' | 'dismissed' | null {
  if (ending === 'close' || ending === 'esc') return 'dismissed';
  if (stepIndex >= stepCount - 1) return 'completed';
  if (ending === 'navigation') return null;
  // A goto past the end cannot happen before the last step (it moves on to the next one).
  return ending === 'dismiss' ? 'dismissed' : 'completed';
}

/** Whether a navigation action will run: a link the SDK opens (`safeLink` of the renderer). */
const opens = (action: FlowAction) =>
  action.type === 'navigation' && /^(https?:\/\/|\/(?![/\\]))/i.test((action.value ?? '').trim());

/**
 * How a button's actions end the tour when clicked on the step at `stepIndex`, or null when the
 * tour goes on (a goto to another step). Mirrors the renderer: actions run in order, the first
 * that ends the tour decides; a goto to a step that no longer exists moves on to the next step.
 */
export function buttonEnding(
  actions: readonly FlowAction[],
  stepIndex: number,
  stepIds: readonly string[],
): TourEnding | null {
  if (actions.some(opens)) return 'navigation';
  for (const action of actions) {
    if (action.type === 'dismiss') return 'dismiss';
    if (action.type === 'goto') {
      const known = stepIds.includes(action.reference_step ?? '');
      return known || stepIndex + 1 < stepIds.length ? null : 'goto_past_end';
    }
  }
  return null;
}

/** Whether clicking a button with these actions on this step completes the tour (editor hint). */
export function buttonCompletesTour(
  actions: readonly FlowAction[],
  stepIndex: number,
  stepIds: readonly string[],
): boolean {
  const ending = buttonEnding(actions, stepIndex, stepIds);
  return ending !== null && tourOutcome(ending, stepIndex, stepIds.length) === 'completed';
}
