import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerCondition } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { AttributeConditionDialog } from '@/components/conditions/attribute-condition-dialog';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { renderWithProviders } from './test-utils';

let seed: ConditionSeed;
beforeEach(() => {
  seed = seedConditionData();
});

function renderDialog(initial: CustomerCondition[] | null = null, readOnly = false) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <AttributeConditionDialog
      open
      initial={initial}
      brandId={seed.brand.id}
      readOnly={readOnly}
      onSave={onSave}
      onClose={onClose}
    />,
  );
  return { ...utils, onSave, onClose };
}

const picker = (n: number) => screen.findByRole('combobox', { name: `Condition ${n} attribute` });
const typeSelect = (n: number) =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: `Condition ${n} condition type` });
const valueBox = (n: number) =>
  screen.getByRole<HTMLInputElement>('textbox', { name: `Condition ${n} value` });
const dialog = () => screen.getByRole('dialog', { name: 'Attribute & Metadata' });
/** The problems listed in the dialog's alert, in order. */
const alertItems = () =>
  within(within(dialog()).getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

type User = ReturnType<typeof renderDialog>['user'];
async function chooseAttribute(user: User, n: number, option: string) {
  await user.click(await picker(n));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('AttributeConditionDialog', () => {
  it('offers the attributes and the metadata in two groups, each showing its data type', async () => {
    const { user } = renderDialog();
    expect(within(dialog()).getByText('Loading attributes…')).toBeInTheDocument();
    await user.click(await picker(1));

    const attributes = screen.getByRole('group', { name: 'ATTRIBUTE' });
    expect(within(attributes).getByRole('option', { name: 'Email (Text)' })).toBeInTheDocument();
    expect(within(attributes).getByRole('option', { name: 'Age (Number)' })).toBeInTheDocument();
    expect(within(attributes).getByRole('option', { name: 'VIP (Boolean)' })).toBeInTheDocument();
    const metadata = screen.getByRole('group', { name: 'METADATA' });
    expect(
      within(metadata)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Plan (Text)', 'Renewal date (Date)', 'Seats (Number)']);

    await user.type(screen.getByRole('textbox', { name: 'Search Condition 1 attribute' }), 'ren');
    const list = screen.getByRole('listbox', { name: 'Condition 1 attribute' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['Renewal date (Date)']);
    expect(screen.queryByRole('group', { name: 'ATTRIBUTE' })).not.toBeInTheDocument();
  });

  it('works from the keyboard, and Escape closes only the list', async () => {
    const { user, onClose } = renderDialog();
    await user.click(await picker(1));
    const search = screen.getByRole('textbox', { name: 'Search Condition 1 attribute' });
    await user.type(search, 'seat');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await picker(1)).toHaveTextContent('Seats');
    expect(typeSelect(1)).toHaveDisplayValue('equal');

    await user.click(await picker(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('resets the condition type to the first of the data type and empties the value on a new attribute', async () => {
    const { user } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    expect(typeSelect(1)).toHaveDisplayValue('exact');
    expect([...typeSelect(1).options].map((o) => o.text)).toEqual([
      'exact',
      'contains',
      'not exact',
      'not contains',
      'starts with',
      'ends with',
      'is empty',
      'is not empty',
    ]);
    await user.selectOptions(typeSelect(1), 'contains');
    await user.type(valueBox(1), 'pro');

    await chooseAttribute(user, 1, 'Seats (Number)');
    expect(typeSelect(1)).toHaveDisplayValue('equal');
    expect(valueBox(1)).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Condition 1 attribute' })).toHaveTextContent(
      'Seats',
    );
  });

  it('empties the value when the condition type changes, and hides it for is empty', async () => {
    const { user } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    await user.type(valueBox(1), 'pro');
    await user.selectOptions(typeSelect(1), 'ends with');
    expect(valueBox(1)).toHaveValue('');
    await user.selectOptions(typeSelect(1), 'is empty');
    expect(screen.queryByRole('textbox', { name: 'Condition 1 value' })).not.toBeInTheDocument();
  });

  it('keeps digits only in number values and in days-ago values', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'Age (Number)');
    await user.type(valueBox(1), '4a2.5-');
    expect(valueBox(1)).toHaveValue('425');

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 2, 'Renewal date (Date)');
    await user.selectOptions(typeSelect(2), 'less than X days ago');
    await user.type(valueBox(2), 'x7d');
    expect(valueBox(2)).toHaveValue('7');
    expect(screen.getByText('days ago')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { customer_key: 'age', condition_type: '=', value: 425 },
      { customer_key: 'renewal_date', condition_type: 'less_than_x_days_ago', value: 7 },
    ]);
  });

  it('offers True and False for a boolean attribute and saves a boolean', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'VIP (Boolean)');
    const value = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Condition 1 value' });
    expect([...value.options].map((o) => o.text)).toEqual(['Select value', 'True', 'False']);
    await user.selectOptions(value, 'False');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { customer_key: 'vip', condition_type: '=', value: false },
    ]);
  });

  it('lists each kept row\'s problem as "Condition N: …" and saves nothing; incomplete rows are dropped', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    await user.type(valueBox(1), '   ');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 2, 'Renewal date (Date)');
    await user.selectOptions(typeSelect(2), 'range');
    fireEvent.change(screen.getByLabelText('Condition 2 from'), {
      target: { value: '2026-01-05' },
    });
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 3, 'Age (Number)');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Rows 2 (a range without its end) and 3 (no value) are incomplete: dropped, not reported
    // (docs/product/validation.md#55-saving-customer-conditions).
    expect(alertItems()).toEqual([`Condition 1: ${MESSAGES.flows.valueEmpty}`]);
    expect(onSave).not.toHaveBeenCalled();

    await user.type(valueBox(3), '3');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('drops a row with an attribute but no value instead of blocking the save (docs/product/validation.md#55-saving-customer-conditions)', async () => {
    const { user, onSave } = renderDialog();
    await picker(1);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 2, 'Age (Number)');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('numbers problems as the rows are shown, blank and dropped rows before them included', async () => {
    const { user, onSave } = renderDialog();
    await picker(1);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 2, 'Age (Number)');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 3, 'Plan (Text)');
    await user.type(valueBox(3), '  ');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(alertItems()).toEqual([`Condition 3: ${MESSAGES.flows.valueEmpty}`]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps only the complete rows on save and checks their values', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    await user.type(valueBox(1), 'pro');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 2, 'Age (Number)');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 3, 'Renewal date (Date)');
    await user.selectOptions(typeSelect(3), 'range');
    fireEvent.change(screen.getByLabelText('Condition 3 to'), { target: { value: '2026-02-01' } });
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 4, 'Seats (Number)');
    await user.type(valueBox(4), '3');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith([
      { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      { customer_key: 'seats', condition_type: '=', value: 3 },
    ]);
  });

  it('saves a number between that starts at 0', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'Age (Number)');
    await user.selectOptions(typeSelect(1), 'between');
    await user.type(screen.getByLabelText('Condition 1 from'), '0');
    await user.type(screen.getByLabelText('Condition 1 to'), '5');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { customer_key: 'age', condition_type: 'between', value: { from: 0, to: 5 } },
    ]);
  });

  it('drops rows without an attribute on save (docs/product/validation.md#55-saving-customer-conditions) and keeps valueless ones', async () => {
    const { user, onSave } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    await user.selectOptions(typeSelect(1), 'contains');
    await user.type(valueBox(1), 'pro');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 3, 'Email (Text)');
    await user.selectOptions(typeSelect(3), 'is not empty');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { customer_key: 'plan', condition_type: 'contain', value: 'pro' },
      { customer_key: 'email', condition_type: 'not_empty', value: '' },
    ]);
  });

  it('removes the condition when no row remains on save', async () => {
    const { user, onSave } = renderDialog([
      { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
    ]);
    expect(await picker(1)).toHaveTextContent('Plan');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(
      screen.queryByRole('combobox', { name: 'Condition 1 attribute' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });

  it('removes one row with its remove button', async () => {
    const { user, onSave } = renderDialog([
      { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      { customer_key: 'seats', condition_type: '>', value: 3 },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove condition 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSave).toHaveBeenCalledWith([{ customer_key: 'seats', condition_type: '>', value: 3 }]);
  });

  it('flags a saved attribute that no longer exists', async () => {
    renderDialog([
      { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
      { customer_key: 'deleted_field', condition_type: 'exact', value: 'x' },
    ]);
    expect(await screen.findByText(MESSAGES.flows.triggerDataMissing)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.flows.triggerDataMissing)).toHaveLength(1);
    expect(await picker(2)).toHaveTextContent('deleted_field');
    expect(await picker(2)).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes without saving on Discard', async () => {
    const { user, onSave, onClose } = renderDialog();
    await chooseAttribute(user, 1, 'Plan (Text)');
    await user.type(valueBox(1), 'pro');
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the rows without letting them change in read-only mode', async () => {
    renderDialog([{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }], true);
    expect(await picker(1)).toBeDisabled();
    expect(typeSelect(1)).toBeDisabled();
    expect(valueBox(1)).toBeDisabled();
    expect(valueBox(1)).toHaveValue('pro');
    for (const name of ['Save changes', 'Clear all', 'Add condition', 'Remove condition 1'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeEnabled();
  });
});
