import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StepEditor } from '@/features/flows/components/step/step-editor';
import type { FlowStep } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { renderWithProviders } from './test-utils';
import { aStep } from '../fixtures/flows';

// The step options of the step editor (docs/flows.md, "Step options").

// ProseMirror measures the layout on clicks and selection changes; jsdom has no layout.
document.elementFromPoint ??= () => null;
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const TOOLTIP = aStep({
  id: 's2',
  type: 'tool_tip',
  content: '<p>Pick a plan</p>',
  select_element: { url: '/pricing', selector: '#plans' },
});
const STEPS = [aStep({ id: 's1', content: '<p>Welcome</p>' }), TOOLTIP];

function Harness(props: { step: FlowStep; log: FlowStep[]; readOnly?: boolean }) {
  const [step, setStep] = useState(props.step);
  return (
    <StepEditor
      step={step}
      steps={STEPS.map((s) => (s.id === step.id ? step : s))}
      readOnly={props.readOnly}
      onChange={(next) => {
        props.log.push(next);
        setStep(next);
      }}
    />
  );
}

function setup(step: FlowStep = TOOLTIP, readOnly = false) {
  const log: FlowStep[] = [];
  const view = renderWithProviders(<Harness step={step} log={log} readOnly={readOnly} />);
  return { ...view, log, last: () => log[log.length - 1]! };
}

describe('StepEditor: step options', () => {
  it('a tooltip chooses its side, distance, spotlight and progress', async () => {
    const { user, last } = setup();
    const placement = screen.getByLabelText('Tooltip placement');
    expect(placement).toHaveValue('auto');
    await user.selectOptions(placement, 'Above the element');
    expect(last()).toMatchObject({ tooltip_placement: 'top' });

    const offset = screen.getByLabelText('Distance from the element (px)');
    expect(offset).toHaveValue(12);
    await user.clear(offset);
    await user.type(offset, '24');
    expect(last()).toMatchObject({ tooltip_offset: 24 });

    await user.click(screen.getByLabelText('Spotlight the element (dim the rest of the page)'));
    expect(last()).toMatchObject({ spotlight: true });
    await user.click(screen.getByLabelText('Show progress ("2 of 4")'));
    expect(last()).toMatchObject({
      tooltip_placement: 'top',
      tooltip_offset: 24,
      spotlight: true,
      show_progress: true,
    });
  });

  it('keeps an offset outside 0–64 px out of the step and says why', async () => {
    const { user, last, log } = setup();
    const offset = screen.getByLabelText('Distance from the element (px)');
    await user.clear(offset);
    await user.type(offset, '65');
    expect(offset).toHaveAccessibleDescription(MESSAGES.flows.tooltipOffset(64));
    expect(offset).toHaveAttribute('aria-invalid', 'true');
    expect(log.some((s) => s.tooltip_offset === 65)).toBe(false);
    expect(last().tooltip_offset).toBe(6); // the "6" typed on the way
  });

  it('other steps only offer the progress', async () => {
    const { user, last } = setup(STEPS[0]!);
    expect(screen.queryByLabelText('Tooltip placement')).toBeNull();
    expect(screen.queryByLabelText('Spotlight the element (dim the rest of the page)')).toBeNull();
    await user.click(screen.getByLabelText('Show progress ("2 of 4")'));
    expect(last()).toMatchObject({ id: 's1', show_progress: true });
  });

  it('is read-only on a published tour', () => {
    setup(TOOLTIP, true);
    expect(screen.getByLabelText('Tooltip placement')).toBeDisabled();
    expect(screen.getByLabelText('Show progress ("2 of 4")')).toBeDisabled();
  });
});

describe('StepEditor: Back action', () => {
  it('a button can go back to the previous step', async () => {
    const { user, last } = setup();
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const group = screen.getByRole('group', { name: 'Button actions' });
    await user.click(within(group).getByRole('button', { name: 'Remove action 1' }));
    await user.click(within(group).getByRole('button', { name: 'Add action: Back' }));
    expect(last().buttons[0]!.actions).toEqual([{ type: 'back' }]);
    expect(screen.getByText('Shows the step the visitor saw before this one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { expanded: true })).toHaveTextContent(
      'Back to the previous step',
    );
    expect(screen.queryByText(MESSAGES.flows.backOnFirstStep)).toBeNull();
  });

  it('says Back has nowhere to go on the first step', async () => {
    const { user } = setup(STEPS[0]!);
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    const group = screen.getByRole('group', { name: 'Button actions' });
    await user.click(within(group).getByRole('button', { name: 'Add action: Back' }));
    expect(within(group).getByText(MESSAGES.flows.backOnFirstStep)).toBeInTheDocument();
  });
});
