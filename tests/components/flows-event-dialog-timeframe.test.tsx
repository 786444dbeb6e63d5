import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventCondition } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { renderWithProviders } from './test-utils';

const M = MESSAGES.flows;
let seed: ConditionSeed;
beforeEach(() => {
  seed = seedConditionData();
});

function renderDialog(initial: EventCondition | null = null) {
  const onSave = vi.fn();
  const utils = renderWithProviders(
    <EventConditionDialog
      open
      initial={initial}
      brandId={seed.brand.id}
      onSave={onSave}
      onClose={vi.fn()}
    />,
  );
  return { ...utils, onSave };
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const problems = () =>
  within(within(screen.getByRole('dialog', { name: 'Event' })).getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

async function withCheckout(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByPlaceholderText('Find an event'));
  await user.click(await screen.findByRole('option', { name: 'Checkout completed (checkout)' }));
}

describe('EventConditionDialog time range (docs/product/validation.md#57-event-condition-form)', () => {
  it('refuses an empty time range on Apply', async () => {
    const { user, onSave } = renderDialog();
    await withCheckout(user);
    await user.clear(box('Time range value'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(problems()).toEqual([M.timeRangeRequired]);
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(select('Time range condition'), 'date range');
    fireEvent.change(screen.getByLabelText('Time range from'), { target: { value: '2026-01-05' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(problems()).toEqual([M.timeRangeRequired]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a range whose start is not below its end, then applies the fixed one', async () => {
    const { user, onSave } = renderDialog();
    await withCheckout(user);
    await user.selectOptions(select('Time range condition'), 'between');
    await user.clear(box('Time range from'));
    await user.type(box('Time range from'), '5');
    await user.clear(box('Time range to'));
    await user.type(box('Time range to'), '1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(problems()).toEqual([M.timeRangeOrder]);
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(box('Time range to'));
    await user.type(box('Time range to'), '9');
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        timeframe: { condition_type: 'between', value: { from: 5, to: 9 }, unit: 'days' },
      }),
    );
  });

  it('refuses a date range that ends before it starts', async () => {
    const { user, onSave } = renderDialog();
    await withCheckout(user);
    await user.selectOptions(select('Time range condition'), 'date range');
    fireEvent.change(screen.getByLabelText('Time range from'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Time range to'), { target: { value: '2026-01-05' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(problems()).toEqual([M.timeRangeDateOrder]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the problem of a saved condition with a reversed range only on Apply', async () => {
    const { user, onSave } = renderDialog({
      event_id: seed.checkout.id,
      event_code: 'checkout',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: { condition_type: 'between', value: { from: 5, to: 1 }, unit: 'weeks' },
      attribute_conditions: [],
      attribute_condition_operator: 'AND',
    });
    await waitFor(() =>
      expect(screen.getByPlaceholderText('Find an event')).toHaveValue('Checkout completed'),
    );
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(problems()).toEqual([M.timeRangeOrder]);
    expect(onSave).not.toHaveBeenCalled();
  });
});
