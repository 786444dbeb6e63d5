import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { StepEditor } from '../step/step-editor';
import { selectReadOnly, useFlowEditorStore } from '../../state/editor-store';

/** The side panel of the selected step: its editor, beside the canvas. */
export function StepPanel() {
  const steps = useFlowEditorStore((s) => s.draft?.steps);
  const selectedId = useFlowEditorStore((s) => s.selectedStepId);
  const selectStep = useFlowEditorStore((s) => s.selectStep);
  const updateStep = useFlowEditorStore((s) => s.updateStep);
  const readOnly = useFlowEditorStore(selectReadOnly);
  // An undo or redo may change what the rich-text editor holds: it starts again from the step.
  const revision = useFlowEditorStore((s) => s.revision);
  const checked = useFlowEditorStore((s) => s.checked);
  const touched = useFlowEditorStore((s) => (selectedId ? !!s.touchedSteps[selectedId] : false));
  const index = steps?.findIndex((s) => s.id === selectedId) ?? -1;
  if (!steps || index < 0) return null;
  const step = steps[index]!;
  return (
    <aside
      aria-label={`Step ${index + 1} editor`}
      className="flex w-full max-w-md shrink-0 flex-col border-l border-slate-200 bg-white"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Step {index + 1}</h2>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Close step editor"
          onClick={() => selectStep(null)}
        >
          <CloseIcon className="h-4 w-4" />
        </Button>
      </div>
      <div className="flex-1 overflow-y-auto p-4">
        <StepEditor
          key={revision}
          step={step}
          steps={steps}
          onChange={updateStep}
          readOnly={readOnly}
          showProblems={checked || touched}
        />
      </div>
    </aside>
  );
}
