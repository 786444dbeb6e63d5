import type { AvailableFlow } from '../../../lib/contracts/flow-runtime';
import { buttonSchema, stepSchema } from '../../../lib/contracts/flows';
import type { FlowButton, FlowStep } from '../../../lib/contracts/flows';

// The step and button builders of every test (tests/fixtures/flows.ts re-exports them): they live
// here because the SDK's code imports nothing outside sdk/ but lib/contracts (eslint.config.mjs).
// The base goes through the contract's schema (its defaults, and a loud failure when the contract
// changes); the overrides are applied as given, so a test can build an invalid step on purpose.

/**
 * A button, `aButton({ id: 'next', actions: [{ type: 'goto', reference_step: 's2' }] })`: its
 * label is its id unless given (and its id its label), blue with white text; it dismisses the tour.
 */
export function aButton(overrides: Partial<FlowButton> = {}): FlowButton {
  const id = overrides.id ?? overrides.label ?? 'next';
  const base = buttonSchema.parse({
    id,
    label: overrides.label ?? id,
    background_color: '#2563eb',
    color: '#ffffff',
    actions: [{ type: 'dismiss' }],
  });
  return { ...base, ...overrides };
}

/** A modal step `s1` (or `overrides.id`) titled "Step {id}", without buttons; override anything. */
export function aStep(overrides: Partial<FlowStep> = {}): FlowStep {
  const id = overrides.id ?? 's1';
  const base = stepSchema.parse({
    id,
    type: 'modal',
    content: `<h2>Step ${id}</h2><p>About ${id}</p>`,
    buttons: [],
  });
  return { ...base, ...overrides };
}

/** Three modal steps: Next (goto the following step), Skip (dismiss); the last one has Done. */
export const TEST_STEPS: FlowStep[] = [
  aStep({
    id: 's1',
    buttons: [
      aButton({ id: 'next-1', actions: [{ type: 'goto', reference_step: 's2' }] }),
      aButton({ id: 'skip-1', actions: [{ type: 'dismiss' }] }),
    ],
  }),
  aStep({
    id: 's2',
    buttons: [aButton({ id: 'next-2', actions: [{ type: 'goto', reference_step: 's3' }] })],
  }),
  aStep({
    id: 's3',
    buttons: [aButton({ id: 'done-3', actions: [{ type: 'goto', reference_step: 'end' }] })],
  }),
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
