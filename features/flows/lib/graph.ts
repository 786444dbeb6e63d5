import type { Edge, Node, XYPosition } from '@xyflow/react';
import type { FlowAction, FlowBody, FlowStep } from '@/lib/contracts/flows';

/**
 * The fixed node ids of docs/product/screens.md#24-flow-editor (one node each); step nodes use
 * their step's id.
 */
export const TRIGGER_NODE_ID = 'event-trigger';
export const ADD_STEP_NODE_ID = 'add-step';
export const ADVANCED_NODE_ID = 'advanced-settings';

/**
 * Node kinds of the canvas (docs/product/screens.md#24-flow-editor): event trigger, add step,
 * editor node, advanced settings.
 */
export type FlowNodeKind = 'trigger' | 'addStep' | 'editor' | 'advanced';

/** Data carried by an editor node: its step and 1-based position in the flow. */
export interface EditorNodeData extends Record<string, unknown> {
  step: FlowStep;
  number: number;
}
export type FlowNode = Node<Record<string, unknown>, FlowNodeKind>;
export type Positions = FlowBody['layout']['positions'];

const COLUMN = 340;
/** Where a node sits when the stored layout has no position for it. */
export function defaultPosition(kind: FlowNodeKind, index = 0): XYPosition {
  switch (kind) {
    case 'trigger':
      return { x: 0, y: 0 };
    case 'advanced':
      return { x: 0, y: 420 };
    case 'editor':
      return { x: COLUMN * (index + 1), y: 0 };
    case 'addStep':
      return { x: COLUMN * (index + 1), y: 40 };
  }
}

/**
 * Step ids a step's actions go to (buttons and, for a tooltip, its element actions), once each,
 * in order. Other step types ignore element actions left over from being a tooltip.
 */
export function gotoTargets(step: FlowStep): string[] {
  const actions: FlowAction[] = [
    ...step.buttons.flatMap((b) => b.actions),
    ...(step.type === 'tool_tip' ? (step.element_actions ?? []) : []),
  ];
  const ids = actions.flatMap((a) =>
    a.type === 'goto' && a.reference_step ? [a.reference_step] : [],
  );
  return [...new Set(ids)];
}

/**
 * The canvas of a flow definition: the trigger node, one editor node per step in order, the
 * add-step node after the last step, and the advanced-settings node. Edges follow step order
 * (trigger → step 1 → step 2 … → add step) and every goto action (dashed, animated).
 */
export function flowToGraph(
  flow: Pick<FlowBody, 'steps'>,
  positions: Positions = {},
): { nodes: FlowNode[]; edges: Edge[] } {
  const at = (id: string, kind: FlowNodeKind, index?: number) =>
    positions[id] ?? defaultPosition(kind, index);
  const nodes: FlowNode[] = [
    { id: TRIGGER_NODE_ID, type: 'trigger', position: at(TRIGGER_NODE_ID, 'trigger'), data: {} },
    ...flow.steps.map((step, i): FlowNode => ({
      id: step.id,
      type: 'editor',
      position: at(step.id, 'editor', i),
      data: { step, number: i + 1 } satisfies EditorNodeData,
    })),
    {
      id: ADD_STEP_NODE_ID,
      type: 'addStep',
      position: at(ADD_STEP_NODE_ID, 'addStep', flow.steps.length),
      data: {},
    },
    {
      id: ADVANCED_NODE_ID,
      type: 'advanced',
      position: at(ADVANCED_NODE_ID, 'advanced'),
      data: {},
    },
  ];
  const chain = [TRIGGER_NODE_ID, ...flow.steps.map((s) => s.id), ADD_STEP_NODE_ID];
  const edges: Edge[] = chain.slice(1).map((target, i) => ({
    id: `order:${chain[i]}->${target}`,
    source: chain[i]!,
    target,
    type: 'smoothstep',
  }));
  const stepIds = new Set(flow.steps.map((s) => s.id));
  for (const step of flow.steps)
    for (const target of gotoTargets(step))
      if (stepIds.has(target))
        edges.push({
          id: `goto:${step.id}->${target}`,
          source: step.id,
          target,
          sourceHandle: 'goto',
          targetHandle: 'goto-in',
          type: 'smoothstep',
          animated: true,
          label: 'go to',
          style: { strokeDasharray: '6 4' },
        });
  return { nodes, edges };
}

/**
 * The layout to store from the canvas: every node's position, rounded. Positions of nodes that
 * are no longer on the canvas (deleted steps) are dropped.
 */
export function graphToLayout(nodes: readonly Pick<FlowNode, 'id' | 'position'>[]): {
  positions: Positions;
} {
  const positions: Positions = {};
  for (const n of nodes)
    positions[n.id] = { x: Math.round(n.position.x), y: Math.round(n.position.y) };
  return { positions };
}

/** The steps in the order of the canvas' editor nodes (the definition never holds positions). */
export function stepsFromNodes(nodes: readonly FlowNode[]): FlowStep[] {
  return nodes.filter((n) => n.type === 'editor').map((n) => (n.data as EditorNodeData).step);
}
