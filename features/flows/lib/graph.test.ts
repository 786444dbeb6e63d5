import { describe, expect, it } from 'vitest';
import {
  ADD_STEP_NODE_ID,
  ADVANCED_NODE_ID,
  defaultPosition,
  flowToGraph,
  gotoTargets,
  graphToLayout,
  stepsFromNodes,
  TRIGGER_NODE_ID,
} from './graph';
import { aButton, aStep } from '@/tests/fixtures/flows';

describe('flowToGraph', () => {
  it('has the three fixed nodes and an add-step edge from the trigger when there are no steps', () => {
    const { nodes, edges } = flowToGraph({ steps: [] });
    expect(nodes.map((n) => [n.id, n.type])).toEqual([
      [TRIGGER_NODE_ID, 'trigger'],
      [ADD_STEP_NODE_ID, 'addStep'],
      [ADVANCED_NODE_ID, 'advanced'],
    ]);
    expect(edges.map((e) => [e.source, e.target])).toEqual([[TRIGGER_NODE_ID, ADD_STEP_NODE_ID]]);
  });

  it('adds one editor node per step, numbered, and edges in step order', () => {
    const steps = [aStep({ id: 'a' }), aStep({ id: 'b' }), aStep({ id: 'c' })];
    const { nodes, edges } = flowToGraph({ steps });
    const editors = nodes.filter((n) => n.type === 'editor');
    expect(editors.map((n) => [n.id, n.data.number])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(edges.map((e) => `${e.source}>${e.target}`)).toEqual([
      `${TRIGGER_NODE_ID}>a`,
      'a>b',
      'b>c',
      `c>${ADD_STEP_NODE_ID}`,
    ]);
  });

  it('draws a goto edge per target from buttons and element actions, once each, only to existing steps', () => {
    const steps = [
      aStep({
        id: 'a',
        type: 'tool_tip',
        buttons: [
          aButton({ id: 'btn-c', label: 'Go', actions: [{ type: 'goto', reference_step: 'c' }] }),
          aButton({ id: 'btn-c', label: 'Go', actions: [{ type: 'goto', reference_step: 'c' }] }),
        ],
        element_actions: [{ type: 'goto', reference_step: 'b' }],
      }),
      aStep({
        id: 'b',
        buttons: [
          aButton({
            id: 'btn-gone',
            label: 'Go',
            actions: [{ type: 'goto', reference_step: 'gone' }],
          }),
        ],
      }),
      aStep({ id: 'c' }),
    ];
    const gotos = flowToGraph({ steps }).edges.filter((e) => e.id.startsWith('goto:'));
    expect(gotos.map((e) => `${e.source}>${e.target}`)).toEqual(['a>c', 'a>b']);
    expect(gotos.every((e) => e.animated && e.sourceHandle === 'goto')).toBe(true);
  });

  it('places nodes from the stored layout, else at their default positions', () => {
    const { nodes } = flowToGraph(
      { steps: [aStep({ id: 'a' }), aStep({ id: 'b' })] },
      { a: { x: 10, y: 20 }, [TRIGGER_NODE_ID]: { x: -5, y: 7 } },
    );
    const at = (id: string) => nodes.find((n) => n.id === id)!.position;
    expect(at('a')).toEqual({ x: 10, y: 20 });
    expect(at(TRIGGER_NODE_ID)).toEqual({ x: -5, y: 7 });
    expect(at('b')).toEqual(defaultPosition('editor', 1));
    expect(at(ADD_STEP_NODE_ID)).toEqual(defaultPosition('addStep', 2));
  });
});

describe('graphToLayout and stepsFromNodes (nodes → definition)', () => {
  it('round-trips: positions rounded into the layout, steps in editor-node order', () => {
    const steps = [aStep({ id: 'a' }), aStep({ id: 'b', type: 'tool_tip' })];
    const { nodes } = flowToGraph({ steps }, { a: { x: 1.4, y: 2.6 } });
    expect(graphToLayout(nodes).positions.a).toEqual({ x: 1, y: 3 });
    expect(Object.keys(graphToLayout(nodes).positions).sort()).toEqual(
      ['a', 'b', ADD_STEP_NODE_ID, ADVANCED_NODE_ID, TRIGGER_NODE_ID].sort(),
    );
    expect(stepsFromNodes(nodes)).toEqual(steps);
    const again = flowToGraph({ steps: stepsFromNodes(nodes) }, graphToLayout(nodes).positions);
    expect(again.nodes.map((n) => n.position)).toEqual(
      nodes.map((n) => ({ x: Math.round(n.position.x), y: Math.round(n.position.y) })),
    );
  });

  it('gotoTargets lists the distinct goto targets of a step', () => {
    expect(
      gotoTargets(
        aStep({
          id: 'a',
          buttons: [
            aButton({ id: 'btn-b', label: 'Go', actions: [{ type: 'goto', reference_step: 'b' }] }),
            aButton({ id: 'btn-c', label: 'Go', actions: [{ type: 'goto', reference_step: 'c' }] }),
            aButton({ id: 'btn-b', label: 'Go', actions: [{ type: 'goto', reference_step: 'b' }] }),
          ],
        }),
      ),
    ).toEqual(['b', 'c']);
  });

  it('gotoTargets ignores element actions unless the step is a tooltip', () => {
    const leftover = { element_actions: [{ type: 'goto' as const, reference_step: 'b' }] };
    expect(gotoTargets(aStep({ id: 'a', type: 'modal', ...leftover }))).toEqual([]);
    expect(gotoTargets(aStep({ id: 'a', type: 'tool_tip', ...leftover }))).toEqual(['b']);
    const steps = [aStep({ id: 'a', type: 'banner', ...leftover }), aStep({ id: 'b' })];
    expect(flowToGraph({ steps }).edges.filter((e) => e.id.startsWith('goto:'))).toEqual([]);
  });
});
