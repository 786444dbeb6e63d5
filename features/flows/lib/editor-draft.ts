import type { FlowBody, FlowStep, StepType } from '@/lib/contracts/flows';

/**
 * Ids the editor generates carry the prefix b_
 * (docs/product/entities.md#local-storage-cookie-and-generated-ids).
 */
export const newEditorId = () => `b_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A new, empty step of a type. */
export const newStep = (type: StepType, id: string): FlowStep => ({
  id,
  type,
  content: '',
  buttons: [],
  element_actions: [],
  select_element: null,
  background_image_url: null,
  background_image_options: null,
});

/**
 * The flow without one step: its canvas position goes too, and goto actions that pointed at it
 * lose their target (so the check of docs/product/validation.md#58-flow-checks asks the user to
 * choose another step).
 */
export function withoutStep(flow: FlowBody, id: string): FlowBody {
  const unlink = (actions: FlowStep['element_actions']) =>
    actions.map((a) =>
      a.type === 'goto' && a.reference_step === id ? { ...a, reference_step: null } : a,
    );
  const { [id]: _gone, ...positions } = flow.layout.positions;
  return {
    ...flow,
    steps: flow.steps
      .filter((s) => s.id !== id)
      .map((s) => ({
        ...s,
        buttons: s.buttons.map((b) => ({ ...b, actions: unlink(b.actions) })),
        element_actions: unlink(s.element_actions ?? []),
      })),
    layout: { positions },
  };
}

/**
 * The flow with one step moved `by` places in the step order (-1: up, 1: down); unchanged at
 * either end. Goto actions name step ids, so they keep their targets. Canvas positions stored for
 * the two steps are swapped, so the moved step takes the other's place on the canvas too.
 */
export function withStepMoved(flow: FlowBody, id: string, by: -1 | 1): FlowBody {
  const from = flow.steps.findIndex((s) => s.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= flow.steps.length) return flow;
  const other = flow.steps[to]!.id;
  const steps = [...flow.steps];
  [steps[from], steps[to]] = [steps[to]!, steps[from]!];
  const { [id]: mine, [other]: theirs, ...positions } = flow.layout.positions;
  return {
    ...flow,
    steps,
    layout: {
      positions: {
        ...positions,
        ...(theirs ? { [id]: theirs } : {}),
        ...(mine ? { [other]: mine } : {}),
      },
    },
  };
}
