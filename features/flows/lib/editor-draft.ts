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
