import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { FlowStep } from '@/lib/contracts/flows';
import { stepProblems } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import { ActionListEditor } from './action-list-editor';
import { StepHint } from './step-hint';

/** Props of `ElementTarget`. */
export interface ElementTargetProps {
  step: FlowStep;
  steps: readonly FlowStep[];
  onChange: (step: FlowStep) => void;
  readOnly: boolean;
  /** Whether a missing element shows its problem yet (not on open: after a change, blur or Save). */
  showProblem?: boolean;
}

/** Tool-tip steps: the page and element the tip points at, and what clicking it does. */
export function ElementTarget({
  step,
  steps,
  onChange,
  readOnly,
  showProblem = true,
}: ElementTargetProps) {
  const hintId = useId();
  const target = step.select_element ?? { url: '', selector: '' };
  const setTarget = (part: Partial<typeof target>) =>
    onChange({ ...step, select_element: { ...target, ...part } });
  // The selector rule comes from the checks so the hint disappears exactly when 5.8 is met
  // (docs/product/validation.md#58-flow-checks).
  const missing = showProblem && stepProblems(step).includes(MESSAGES.flows.selectElement);

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${hintId}-title`}>
      <h3 id={`${hintId}-title`} className="text-sm font-semibold text-slate-900">
        Target element
      </h3>
      <TextField
        label="Page URL"
        placeholder="https://example.com/settings"
        maxLength={2048}
        value={target.url}
        disabled={readOnly}
        onChange={(e) => setTarget({ url: e.target.value })}
      />
      <TextField
        label="CSS selector"
        placeholder="#save-button"
        maxLength={1024}
        value={target.selector}
        disabled={readOnly}
        aria-describedby={missing ? hintId : undefined}
        onChange={(e) => setTarget({ selector: e.target.value })}
      />
      <StepHint id={hintId} message={missing ? MESSAGES.flows.selectElement : null} />
      <ActionListEditor
        label="Element actions"
        actions={step.element_actions ?? []}
        steps={steps}
        currentStepId={step.id}
        tooltip
        readOnly={readOnly}
        onChange={(element_actions) => onChange({ ...step, element_actions })}
      />
    </section>
  );
}
