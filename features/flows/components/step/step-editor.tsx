import type { FlowStep } from '@/lib/contracts/flows';

export interface StepEditorProps {
  step: FlowStep;
  /** Every step of the flow, in order (goto actions choose among the others). */
  steps: readonly FlowStep[];
  onChange: (step: FlowStep) => void;
  readOnly?: boolean;
}

/** The editing panel of one step. Placeholder until the step editor lands. */
export function StepEditor(_props: StepEditorProps) {
  return null;
}
