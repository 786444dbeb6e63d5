/**
 * Pure helpers of the step editor: labels, summaries and new items
 * (docs/product/screens.md#245-step-buttons, docs/product/entities.md#flow-step-button-and-action,
 * docs/product/validation.md#58-flow-checks).
 */
import type { FlowAction, FlowButton, FlowStep, StepType } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';

/** Most actions one button or one tooltip element holds. */
export { MAX_ACTIONS } from '@/lib/contracts/flows';

/** What each action type is called in the editor. */
export const ACTION_TYPE_LABELS: Record<FlowAction['type'], string> = {
  goto: 'Go to step',
  dismiss: 'Dismiss flow',
  navigation: 'Navigate to page',
  back: 'Back',
};

/** A new, not yet filled action of the given type. */
export function newAction(type: FlowAction['type']): FlowAction {
  if (type === 'goto') return { type, reference_step: null };
  if (type === 'navigation') return { type, value: '' };
  return { type };
}

/**
 * A new button with the defaults of the editor; ids use the prefix `b_`
 * (docs/product/entities.md#local-storage-cookie-and-generated-ids). It does something at once:
 * "Next" goes to the following step; on the last step "Done" dismisses, which there completes
 * the tour (lib/flows/outcome.ts). Without `steps` it has no action.
 */
export function newButton(steps?: readonly FlowStep[], currentStepId?: string): FlowButton {
  const index = steps?.findIndex((s) => s.id === currentStepId) ?? -1;
  const following = index >= 0 ? steps?.[index + 1] : undefined;
  const last = !!steps && index >= 0 && !following;
  let actions: FlowAction[] = [];
  if (following) actions = [{ type: 'goto', reference_step: following.id }];
  else if (last) actions = [{ type: 'dismiss' }];
  return {
    id: `b_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`,
    label: last ? 'Done' : 'Next',
    background_color: '#2563eb',
    color: '#ffffff',
    actions,
  };
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** The plain text of rich content, shortened to `max` characters with an ellipsis. */
export function contentExcerpt(html: string, max = 30): string {
  const text = html
    .replace(/<(br|\/p|\/h[1-6]|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return shorten(text, max);
}

/** "Step N" for the step at `index` (0-based), plus an excerpt of its content when it has one. */
export function stepOptionLabel(step: FlowStep, index: number): string {
  const excerpt = contentExcerpt(step.content);
  return excerpt ? `Step ${index + 1} — ${excerpt}` : `Step ${index + 1}`;
}

/** The steps a go-to action of `currentId` may point at: every step but the current one. */
export function otherStepOptions(
  steps: readonly FlowStep[],
  currentId: string,
): { id: string; label: string }[] {
  return steps
    .map((s, i) => ({ id: s.id, label: stepOptionLabel(s, i) }))
    .filter((o) => o.id !== currentId);
}

/**
 * The step as another type. Leaving Tooltip drops its element and element actions: hidden, they
 * would still draw go-to edges and count as problems.
 */
export function withStepType(step: FlowStep, type: StepType): FlowStep {
  if (type === 'tool_tip' || step.type !== 'tool_tip') return { ...step, type };
  return { ...step, type, select_element: null, element_actions: [] };
}

/** One line describing an action, e.g. "Go to step 2", "Dismiss flow", "Navigate to /pricing". */
export function actionSummary(action: FlowAction, steps: readonly FlowStep[]): string {
  if (action.type === 'dismiss') return 'Dismiss flow';
  if (action.type === 'back') return 'Back to the previous step';
  if (action.type === 'navigation') {
    const link = (action.value ?? '').trim();
    return link ? `Navigate to ${shorten(link, 40)}` : 'Navigate to page';
  }
  const index = steps.findIndex((s) => s.id === action.reference_step);
  return index >= 0 ? `Go to step ${index + 1}` : 'Go to step';
}

/**
 * The summary of a button's actions; the wording of docs/product/messages.md#flow-editor when it
 * has none.
 */
export function buttonSummary(button: FlowButton, steps: readonly FlowStep[]): string {
  if (button.actions.length === 0) return MESSAGES.flows.noActionApplied;
  return button.actions.map((a) => actionSummary(a, steps)).join(', ');
}

/**
 * The checks of docs/product/validation.md#58-flow-checks for one action and one button (their
 * wording lives in lib/flows/checks).
 */
export { actionProblem, buttonProblem } from '@/lib/flows/checks';
