import { useState } from 'react';
import { STEP_TYPES, type FlowStep, type StepType } from '@/lib/contracts/flows';
import { BackgroundImageFields } from './background-image-fields';
import { ButtonList } from './button-list';
import { ElementTarget } from './element-target';
import { SelectField } from '@/components/ui/select-field';
import { StepContentEditor } from './step-content-editor';
import { StepOptions } from './step-options';
import { withStepType } from '../../lib/step-helpers';

/** Props of `StepEditor`: a controlled step plus the flow's steps for go-to choices. */
export interface StepEditorProps {
  step: FlowStep;
  /** Every step of the flow, in order (goto actions choose among the others). */
  steps: readonly FlowStep[];
  onChange: (step: FlowStep) => void;
  readOnly?: boolean;
  /**
   * Show the step's problems now (after a Save or Publish, or once the step was changed in this
   * editor). Otherwise they show once a field of the step changes or loses focus, never on open
   * (docs/product/validation.md#51-forms-in-general).
   */
  showProblems?: boolean;
}

const STEP_TYPE_LABELS: Record<StepType, string> = {
  modal: 'Modal',
  tool_tip: 'Tooltip',
  speech_bubble: 'Speech bubble',
  banner: 'Banner',
};
const TYPE_OPTIONS = STEP_TYPES.map((t) => ({ value: t, label: STEP_TYPE_LABELS[t] }));

const BANNER_POSITIONS = [
  { value: 'top', label: 'Top of the page' },
  { value: 'bottom', label: 'Bottom of the page' },
];

/**
 * The editing panel of one step (docs/product/screens.md#245-step-buttons,
 * docs/product/entities.md#flow-step-button-and-action, docs/product/validation.md#58-flow-checks);
 * controlled through `step`/`onChange`.
 */
export function StepEditor({
  step,
  steps,
  onChange,
  readOnly = false,
  showProblems = false,
}: StepEditorProps) {
  // Keyed by step id: another step gets a fresh rich-text editor and closed button entries.
  return (
    <StepPanel
      key={step.id}
      step={step}
      steps={steps}
      onChange={onChange}
      readOnly={readOnly}
      showProblems={showProblems}
    />
  );
}

function StepPanel({
  step,
  steps,
  onChange: emit,
  readOnly,
  showProblems,
}: Required<StepEditorProps>) {
  // Validation on change and blur (docs/product/validation.md#51-forms-in-general).
  const [touched, setTouched] = useState(false);
  const shown = showProblems || touched;
  const onChange = (next: FlowStep) => {
    setTouched(true);
    emit(next);
  };
  return (
    <div className="flex flex-col gap-5" onBlur={() => setTouched(true)}>
      <SelectField
        label="Step type"
        value={step.type}
        options={TYPE_OPTIONS}
        disabled={readOnly}
        onChange={(e) => onChange(withStepType(step, e.target.value as StepType))}
      />
      <StepContentEditor
        content={step.content}
        readOnly={readOnly}
        showProblem={shown}
        onChange={(content) => onChange({ ...step, content })}
      />
      {step.type === 'banner' ? (
        <SelectField
          label="Banner position"
          value={step.banner_position ?? 'top'}
          options={BANNER_POSITIONS}
          disabled={readOnly}
          onChange={(e) =>
            onChange({ ...step, banner_position: e.target.value === 'bottom' ? 'bottom' : 'top' })
          }
        />
      ) : null}
      {step.type === 'tool_tip' ? (
        <ElementTarget
          step={step}
          steps={steps}
          onChange={onChange}
          readOnly={readOnly}
          showProblem={shown}
        />
      ) : null}
      <ButtonList
        buttons={step.buttons}
        steps={steps}
        currentStepId={step.id}
        readOnly={readOnly}
        showProblems={shown}
        onChange={(buttons) => onChange({ ...step, buttons })}
      />
      <StepOptions step={step} onChange={onChange} readOnly={readOnly} />
      <BackgroundImageFields step={step} onChange={onChange} readOnly={readOnly} />
    </div>
  );
}
