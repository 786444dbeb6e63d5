import type { FlowStep } from '../../../../lib/contracts/flows';
import { noTrailingSlash } from './decide';

/**
 * Where a running tour stands on a page, pure (docs/flows.md, "Runtime API"): whether its step
 * can show here, and which step a click leads to.
 */

/** A page's path as steps are compared: lower case, no trailing slash. */
function pathOf(url: string): string {
  let path: string;
  try {
    path = new URL(url, 'http://x.invalid').pathname;
  } catch {
    path = url;
  }
  return noTrailingSlash(path.toLowerCase());
}

/**
 * Whether a step can show on this page: a tooltip whose element was picked on another page
 * (another path) waits until the visitor is there; every other step shows anywhere.
 */
export function stepOnPage(step: FlowStep | undefined, url: string): boolean {
  if (!step || step.type !== 'tool_tip' || !step.select_element?.url?.trim()) return true;
  return pathOf(step.select_element.url.trim()) === pathOf(url);
}

/**
 * The step a click leads to: a button of the step (by id), or without an id the tooltip's own
 * element and its element actions. Its goto step, else the next step when the click navigates
 * away (the next page resumes there), else none. Undefined when the button is not the step's.
 */
export function clickTarget(
  steps: readonly FlowStep[],
  index: number,
  buttonId: string | undefined,
): { to: FlowStep | undefined } | undefined {
  const step = steps[index];
  if (!step) return undefined;
  const actions = buttonId
    ? step.buttons.find((b) => b.id === buttonId)?.actions
    : (step.element_actions ?? []);
  if (!actions) return undefined;
  const goto = actions.find((a) => a.type === 'goto');
  if (goto?.type === 'goto' && goto.reference_step)
    return { to: steps.find((x) => x.id === goto.reference_step) };
  return { to: actions.some((a) => a.type === 'navigation') ? steps[index + 1] : undefined };
}
