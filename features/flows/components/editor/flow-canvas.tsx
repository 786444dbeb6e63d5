import '@xyflow/react/dist/style.css';
import {
  applyNodeChanges,
  Background,
  Controls,
  ReactFlow,
  useReactFlow,
  useStore,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { flowToGraph, graphToLayout, type FlowNode } from '../../lib/graph';
import { viewportShowing } from '../../lib/viewport';
import { useFlowEditorStore } from '../../state/editor-store';
import { AddStepNode } from './nodes/add-step-node';
import { AdvancedNode } from './nodes/advanced-node';
import { EditorNode } from './nodes/editor-node';
import { TriggerNode } from './nodes/trigger-node';

/** Defined once at module scope: a new object each render would remount every node. */
const NODE_TYPES: NodeTypes = {
  trigger: TriggerNode,
  editor: EditorNode,
  addStep: AddStepNode,
  advanced: AdvancedNode,
};

/** The editor canvas: nodes follow the stored definition; dragging stores positions only. */
export function FlowCanvas({ readOnly }: { readOnly: boolean }) {
  const steps = useFlowEditorStore((s) => s.draft?.steps);
  const positions = useFlowEditorStore((s) => s.draft?.layout.positions);
  const selectedStepId = useFlowEditorStore((s) => s.selectedStepId);
  const setPositions = useFlowEditorStore((s) => s.setPositions);
  const graph = useMemo(() => flowToGraph({ steps: steps ?? [] }, positions), [steps, positions]);
  const [nodes, setNodes] = useState<FlowNode[]>(() =>
    decorate(graph.nodes, [], selectedStepId, readOnly),
  );

  // Rebuild from the definition, keeping what React Flow measured so nodes stay visible.
  const source = { graph, selectedStepId, readOnly };
  const [built, setBuilt] = useState(source);
  if (
    built.graph !== graph ||
    built.selectedStepId !== selectedStepId ||
    built.readOnly !== readOnly
  ) {
    setBuilt(source);
    setNodes((prev) => decorate(graph.nodes, prev, selectedStepId, readOnly));
  }

  return (
    <div className="h-full w-full" aria-label="Flow canvas" role="region">
      <ReactFlow
        nodes={nodes}
        edges={graph.edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={(changes: NodeChange<FlowNode>[]) =>
          setNodes((ns) => applyNodeChanges(changes, ns))
        }
        onNodeDragStop={(_e, _node, dragged) => setPositions(graphToLayout(dragged).positions)}
        nodesConnectable={false}
        elementsSelectable={false}
        deleteKeyCode={null}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.3}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        <KeepInView id={selectedStepId} />
      </ReactFlow>
    </div>
  );
}

/**
 * The step being edited stays in view: when its panel opens (the canvas narrows) or another step
 * is chosen, the canvas pans just enough to show the node whole (features/flows/lib/viewport.ts).
 */
function KeepInView({ id }: { id: string | null }) {
  const flow = useReactFlow<FlowNode>();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const measured = useStore((s) => (id ? s.nodeLookup.get(id)?.measured.width : undefined));
  useEffect(() => {
    const node = id ? flow.getInternalNode(id) : undefined;
    if (!node?.measured.width || !node.measured.height) return;
    const { x, y } = node.internals.positionAbsolute;
    const next = viewportShowing(
      { x, y, width: node.measured.width, height: node.measured.height },
      flow.getViewport(),
      { width, height },
    );
    if (next) void flow.setViewport(next);
    // Only when the selection or the canvas's size changes: the user's own panning stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, width, height, measured]);
  return null;
}

/** Canvas state of the definition's nodes: selection, dragging, and sizes already measured. */
function decorate(
  nodes: FlowNode[],
  prev: FlowNode[],
  selectedStepId: string | null,
  readOnly: boolean,
): FlowNode[] {
  return nodes.map((n) => ({
    ...n,
    measured: prev.find((p) => p.id === n.id)?.measured,
    selected: n.id === selectedStepId,
    draggable: !readOnly,
    // React Flow turns pointer events off on nodes that can be neither dragged nor selected; a
    // read-only flow's controls (View step, the conditions) must still take clicks.
    style: { ...n.style, pointerEvents: 'all' },
    // A press on a read-only node is a click on its controls, never the start of a pan.
    className: readOnly ? 'nopan' : n.className,
  }));
}
