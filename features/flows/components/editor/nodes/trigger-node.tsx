import { Handle, Position } from '@xyflow/react';
import { TriggerConditionsPanel } from '../../conditions/trigger-conditions-panel';
import { selectReadOnly, useFlowEditorStore } from '../../../state/editor-store';
import { NodeCard } from './node-card';

/**
 * Event trigger node (fixed id): when the tour starts, the trigger conditions of
 * docs/product/screens.md#241-trigger-conditions-panel.
 */
export function TriggerNode() {
  const condition = useFlowEditorStore((s) => s.draft?.condition);
  const brandId = useFlowEditorStore((s) => s.draft?.brand_id);
  const setCondition = useFlowEditorStore((s) => s.setCondition);
  const readOnly = useFlowEditorStore(selectReadOnly);
  if (!condition || brandId === undefined) return null;
  return (
    <>
      <NodeCard title="Trigger" label="Trigger" className="w-80">
        <p className="mb-3 text-xs text-slate-500">
          Start this tour when the conditions below hold.
        </p>
        <TriggerConditionsPanel
          condition={condition}
          onChange={setCondition}
          brandId={brandId}
          readOnly={readOnly}
        />
      </NodeCard>
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </>
  );
}
