import { Handle, Position } from '@xyflow/react';
import { PlusIcon } from '@/components/ui/icons';
import { Button } from '@/components/ui/button';
import { MAX_STEPS } from '@/lib/contracts/flows';
import { selectReadOnly, useFlowEditorStore } from '../../../state/editor-store';

/** Add-step node (fixed id): appends a step after the last one and opens it. */
export function AddStepNode() {
  const count = useFlowEditorStore((s) => s.draft?.steps.length ?? 0);
  const addStep = useFlowEditorStore((s) => s.addStep);
  const readOnly = useFlowEditorStore(selectReadOnly);
  return (
    <>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="nodrag rounded-xl border border-dashed border-slate-300 bg-white/80 p-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => addStep('modal')}
          disabled={readOnly || count >= MAX_STEPS}
        >
          <PlusIcon className="h-4 w-4" />
          Add step
        </Button>
      </div>
    </>
  );
}
