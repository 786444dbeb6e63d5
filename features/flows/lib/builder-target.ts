import { targetAttributeHint } from '@/lib/contracts/builder-constants';
import type { BuilderTargetSaved } from '@/lib/contracts/builder';
import type { FlowBody, SelectElement } from '@/lib/contracts/flows';
import { recordChange, type EditorHistory } from './history';

/** What each stability grade of a picked element means, in one line (docs/builder.md). */
export const GRADE_MEANINGS: Record<NonNullable<SelectElement['grade']>, string> = {
  A: 'Found by a data attribute or a stable id: survives redesigns.',
  B: 'Found by its role and name: survives most redesigns.',
  C: 'Found by its place in the page only: a redesign may lose it.',
};

/** Whether the builder picked the target (it adds a grade), rather than a selector typed by hand. */
export const isPicked = (target: SelectElement) => target.grade !== undefined;

/**
 * A selector typed by hand replaces the pick: the candidates, text, grade and index described
 * another selector's element, so they go.
 */
export function withTypedSelector(target: SelectElement, selector: string): SelectElement {
  return { url: target.url, selector };
}

/**
 * For a grade C element: the attribute to add to the customer's markup so the tour finds it by
 * name after a redesign (the picker's wording); null for the other grades.
 */
export function gradeHint(target: SelectElement): string | null {
  if (target.grade !== 'C') return null;
  const role = target.candidates?.find((c) => c.kind === 'role');
  return targetAttributeHint(target.text?.trim() || role?.name || role?.value || '');
}

/**
 * The page the builder opens first: where the element was picked (or typed), else the product's
 * site. A bare host gets https://; a path alone is put on the product's site.
 */
export function defaultBuilderPage(url: string | undefined, domain: string | undefined): string {
  const typed = url?.trim() ?? '';
  const site = domain?.trim() ? `https://${domain.trim()}` : '';
  if (/^https?:\/\//i.test(typed)) return typed;
  if (typed.startsWith('/')) return site ? site + typed : '';
  if (typed) return `https://${typed}`;
  return site ? `${site}/` : '';
}

/** The editor's state a pick changes. */
interface PickState {
  flowId: number | null;
  draft: FlowBody | null;
  saved: FlowBody | null;
  history: EditorHistory;
}

/** The flow with the picked step's target replaced (in the draft, only while it is a tooltip). */
const withTarget = (flow: FlowBody, pick: BuilderTargetSaved, tooltipOnly: boolean): FlowBody => ({
  ...flow,
  steps: flow.steps.map((s) =>
    s.id === pick.step_id && (!tooltipOnly || s.type === 'tool_tip')
      ? { ...s, select_element: pick.select_element }
      : s,
  ),
});

/**
 * The editor's state after the builder saved a step's target (the `builder-target` socket
 * event): the server's copy of the tour (`saved`) holds it now, and so does the draft, whose
 * other unsaved edits are kept. The draft's change can be undone like any other. Null when the
 * pick is for another tour or changes nothing.
 */
export function withPickedTarget(
  state: PickState,
  pick: BuilderTargetSaved,
  now: number,
): Partial<PickState> | null {
  const { flowId, draft, saved, history } = state;
  if (flowId === null || pick.flow_id !== flowId || !draft) return null;
  const nextSaved = saved ? withTarget(saved, pick, false) : saved;
  const nextDraft = withTarget(draft, pick, true);
  const draftChanged = JSON.stringify(nextDraft) !== JSON.stringify(draft);
  const savedChanged = JSON.stringify(nextSaved) !== JSON.stringify(saved);
  if (!draftChanged && !savedChanged) return null;
  return {
    saved: nextSaved,
    ...(draftChanged && {
      draft: nextDraft,
      history: recordChange(history, draft, nextDraft, now),
    }),
  };
}
