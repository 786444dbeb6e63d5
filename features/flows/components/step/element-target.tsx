import { useId, useState } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { FlowStep } from '@/lib/contracts/flows';
import { stepProblems } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import { isPicked, withTypedSelector } from '../../lib/builder-target';
import { selectPickerOpened, useFlowEditorStore } from '../../state/editor-store';
import { ActionListEditor } from './action-list-editor';
import { SelectElementControls } from './select-element';
import { SelectElementMatches } from './select-element-matches';
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

/**
 * Tool-tip steps: the page and element the tip points at, picked on the customer's site
 * (docs/builder.md) or typed under Advanced, and what clicking it does.
 */
export function ElementTarget({
  step,
  steps,
  onChange,
  readOnly,
  showProblem = true,
}: ElementTargetProps) {
  const hintId = useId();
  const target = step.select_element ?? { url: '', selector: '' };
  // Typing by hand is the way until something was picked; a pick folds it away.
  const picked = isPicked(target);
  const [advanced, setAdvanced] = useState(!picked);
  const [wasPicked, setWasPicked] = useState(picked);
  // Once a picker was opened for this step, the selector typed below is counted on its page. In
  // the store: this panel remounts when another step is edited, the picker page stays open.
  const picking = useFlowEditorStore(selectPickerOpened(step.id));
  const markPickerOpened = useFlowEditorStore((s) => s.markPickerOpened);
  if (picked !== wasPicked) {
    setWasPicked(picked);
    if (picked) setAdvanced(false);
  }
  const setTarget = (next: typeof target) => onChange({ ...step, select_element: next });
  // The selector rule comes from the checks so the hint disappears exactly when 5.8 is met
  // (docs/product/validation.md#58-flow-checks).
  const missing = showProblem && stepProblems(step).includes(MESSAGES.flows.selectElement);

  return (
    <section className="flex flex-col gap-3" aria-labelledby={`${hintId}-title`}>
      <h3 id={`${hintId}-title`} className="text-sm font-semibold text-slate-900">
        Target element
      </h3>
      <SelectElementControls
        step={step}
        readOnly={readOnly}
        onOpened={(mode) => mode === 'pick' && markPickerOpened(step.id)}
      />
      <details
        open={advanced}
        onToggle={(e) => setAdvanced(e.currentTarget.open)}
        className="rounded-md border border-slate-200 px-3 py-2"
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          Advanced: type the page and selector
        </summary>
        <div className="mt-3 flex flex-col gap-3">
          <TextField
            label="Page URL"
            placeholder="https://example.com/settings"
            maxLength={2048}
            value={target.url}
            disabled={readOnly}
            onChange={(e) => setTarget({ ...target, url: e.target.value })}
          />
          <TextField
            label="CSS selector"
            placeholder="#save-button"
            maxLength={1024}
            value={target.selector}
            disabled={readOnly}
            aria-describedby={missing ? hintId : undefined}
            onChange={(e) => setTarget(withTypedSelector(target, e.target.value))}
          />
          {picking ? <SelectElementMatches stepId={step.id} selector={target.selector} /> : null}
        </div>
      </details>
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
