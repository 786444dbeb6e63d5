import type { AvailableFlow } from '../../../lib/contracts/flow-runtime';
import type { FlowButton, FlowStep } from '../../../lib/contracts/flows';

/** A button with its actions, for the tours' unit tests. */
export const testButton = (id: string, actions: FlowButton['actions']): FlowButton => ({
  id,
  label: id,
  background_color: '#2563eb',
  color: '#ffffff',
  actions,
});

/** A modal step (override anything). */
export const testStep = (id: string, extra: Partial<FlowStep> = {}): FlowStep => ({
  id,
  type: 'modal',
  content: `<h2>Step ${id}</h2><p>About ${id}</p>`,
  buttons: [],
  element_actions: [],
  ...extra,
});

/** Three modal steps: Next (goto the following step), Skip (dismiss); the last one has Done. */
export const TEST_STEPS: FlowStep[] = [
  testStep('s1', {
    buttons: [
      testButton('next-1', [{ type: 'goto', reference_step: 's2' }]),
      testButton('skip-1', [{ type: 'dismiss' }]),
    ],
  }),
  testStep('s2', { buttons: [testButton('next-2', [{ type: 'goto', reference_step: 's3' }])] }),
  testStep('s3', { buttons: [testButton('done-3', [{ type: 'goto', reference_step: 'end' }])] }),
];

/** An answer of available-flow: flow 7 with `steps`, session `session`, shown at `step`. */
export function testAnswer(
  options: {
    session?: string;
    step?: string | null;
    steps?: FlowStep[];
    onThisPage?: boolean;
    flowId?: number;
  } = {},
): NonNullable<AvailableFlow> {
  const steps = options.steps ?? TEST_STEPS;
  return {
    flow: { id: options.flowId ?? 7, name: 'Welcome tour', steps },
    session: {
      id: options.session ?? 'sess-1',
      current_step_id: options.step === undefined ? (steps[0]?.id ?? null) : options.step,
      resumed: false,
      on_this_page: options.onThisPage ?? true,
    },
  };
}
