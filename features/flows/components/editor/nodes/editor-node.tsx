import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { stepProblems } from '@/lib/flows/checks';
import type { EditorNodeData, FlowNode } from '../../../lib/graph';
import { contentExcerpt, STEP_TYPE_LABELS } from '../../../lib/step-labels';
import { selectReadOnly, useFlowEditorStore } from '../../../state/editor-store';
import { NodeCard } from './node-card';
import { StepOrderButtons } from './step-order-buttons';

/** Editor node (one per step): what the step shows, its problems, and the way into its editor. */
export function EditorNode({ data }: NodeProps<FlowNode>) {
  const { step, number } = data as EditorNodeData;
  const selected = useFlowEditorStore((s) => s.selectedStepId === step.id);
  const selectStep = useFlowEditorStore((s) => s.selectStep);
  const removeStep = useFlowEditorStore((s) => s.removeStep);
  const moveStep = useFlowEditorStore((s) => s.moveStep);
  const readOnly = useFlowEditorStore(selectReadOnly);
  const steps = useFlowEditorStore((s) => s.draft?.steps);
  const [confirming, setConfirming] = useState(false);
  // Not on open: once the step changed, or Save or Publish was pressed (docs/product/validation.md#51-forms-in-general).
  const showProblems = useFlowEditorStore((s) => s.checked || !!s.touchedSteps[step.id]);
  // Counted as Publish counts them: a goto to a deleted step is a problem too.
  const problems = stepProblems(
    step,
    steps?.map((s) => s.id),
  );
  const excerpt = contentExcerpt(step.content);
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <Handle id="goto-in" type="target" position={Position.Top} isConnectable={false} />
      <NodeCard
        title={`Step ${number}`}
        label={`Step ${number}`}
        selected={selected}
        className="w-64"
        actions={
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
            {STEP_TYPE_LABELS[step.type]}
          </span>
        }
      >
        <p className="line-clamp-3 min-h-10 text-sm text-slate-700">
          {excerpt || <span className="italic text-slate-400">No content yet</span>}
        </p>
        <p className="mt-2 text-xs text-slate-500">
          {step.buttons.length} {step.buttons.length === 1 ? 'button' : 'buttons'}
        </p>
        {showProblems && problems.length > 0 ? (
          <p className="mt-1 text-xs font-medium text-amber-700">
            {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix
          </p>
        ) : null}
        {/* One line at every zoom: short visible words, the step's number in the names. */}
        <div className="mt-3 flex flex-nowrap items-center gap-1 whitespace-nowrap">
          <Button
            size="sm"
            variant="secondary"
            className="shrink-0"
            aria-label={readOnly ? `View step ${number}` : `Edit step ${number}`}
            onClick={() => selectStep(step.id)}
          >
            {readOnly ? 'View' : 'Edit'}
          </Button>
          {readOnly ? null : (
            <Button
              size="sm"
              variant="ghost"
              className="shrink-0"
              aria-label={`Delete step ${number}`}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
          {readOnly ? null : (
            <StepOrderButtons
              number={number}
              count={steps?.length ?? 0}
              onMove={(by) => moveStep(step.id, by)}
            />
          )}
        </div>
      </NodeCard>
      <Handle type="source" position={Position.Right} isConnectable={false} />
      <Handle id="goto" type="source" position={Position.Bottom} isConnectable={false} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete step ${number}`}
        description="The step and its buttons are removed; actions that went to it need a new target."
        confirmLabel="Delete step"
        variant="danger"
        onConfirm={() => {
          setConfirming(false);
          removeStep(step.id);
        }}
      />
    </>
  );
}
