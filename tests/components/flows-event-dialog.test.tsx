import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventCondition } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { server } from '../mocks/node';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { renderWithProviders } from './test-utils';
import { anEventAttributeCondition, anEventCondition } from '../fixtures/flows';

let seed: ConditionSeed;
/** Query strings of every GET /v1/events/autocomplete sent. */
let searches: URLSearchParams[] = [];

beforeEach(() => {
  seed = seedConditionData();
  searches = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/events/autocomplete') searches.push(url.searchParams);
  });
});
afterEach(() => server.events.removeAllListeners());

function renderDialog(initial: EventCondition | null = null, readOnly = false) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <EventConditionDialog
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
type User = ReturnType<typeof renderDialog>['user'];

/** A saved condition on the seeded checkout event: twice, more than 3 weeks ago, amount > 10. */
const savedCheckout = () =>
  anEventCondition({
    event_id: seed.checkout.id,
    event_code: 'checkout',
    frequency: { condition_type: 'exactly', value: 2 },
    timeframe: { condition_type: 'more_than', value: 3, unit: 'weeks' },
    attribute_conditions: [
      anEventAttributeCondition({ attribute_key: 'amount', condition_type: '>', value: 10 }),
    ],
    attribute_condition_operator: 'OR',
  });

const searchBox = () => screen.getByPlaceholderText('Find an event');
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const eventSection = () => screen.queryByRole('region', { name: "Event's Condition" });
const alertOf = () => within(screen.getByRole('dialog', { name: 'Event' })).queryByRole('alert');

async function chooseEvent(user: User, name: string) {
  await user.click(searchBox());
  await user.click(await screen.findByRole('option', { name }));
}
async function chooseAttribute(user: User, n: number, option: string) {
  await user.click(screen.getByRole('combobox', { name: `Condition ${n} attribute` }));
  await user.click(screen.getByRole('option', { name: option }));
}

describe('EventConditionDialog', () => {
  it("searches the product's events with a limit of 99", async () => {
    const { user } = renderDialog();
    expect(searchBox()).toHaveAccessibleName('Event');
    await user.click(searchBox());
    const list = await screen.findByRole('listbox', { name: 'Events' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Checkout completed (checkout)', 'Page viewed (page_view)', 'Signed up (signup)']),
    );
    expect(searches[0].get('limit')).toBe('99');
    expect(searches[0].get('brand_id')).toBe(String(seed.brand.id));
    expect(searches[0].get('offset')).toBe('0');

    await user.type(searchBox(), 'sign');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Signed up (signup)']),
    );
    expect(searches.at(-1)?.get('name')).toBe('sign');
    // Debounced: not one request per keystroke.
    expect(searches.length).toBeLessThan(5);

    await user.click(screen.getByRole('option', { name: 'Signed up (signup)' }));
    expect(searchBox()).toHaveValue('Signed up');
  });

  it('starts the frequency at at least 1; between sets 1 to 5, the others 1', async () => {
    const { user } = renderDialog();
    expect(select('Frequency condition')).toHaveDisplayValue('at least');
    expect(box('Frequency value')).toHaveValue('1');
    await user.selectOptions(select('Frequency condition'), 'between');
    expect(box('Frequency from')).toHaveValue('1');
    expect(box('Frequency to')).toHaveValue('5');
    await user.selectOptions(select('Frequency condition'), 'exactly');
    expect(box('Frequency value')).toHaveValue('1');
    await user.type(box('Frequency value'), 'a2');
    expect(box('Frequency value')).toHaveValue('12');
  });

  it('starts the time range at in the last 1 days and resets it per type', async () => {
    const { user } = renderDialog();
    expect(select('Time range condition')).toHaveDisplayValue('in the last');
    expect(box('Time range value')).toHaveValue('1');
    expect(select('Time range unit')).toHaveDisplayValue('days');

    await user.selectOptions(select('Time range condition'), 'between');
    expect(box('Time range from')).toHaveValue('1');
    expect(box('Time range to')).toHaveValue('5');
    expect(select('Time range unit')).toHaveDisplayValue('days');

    await user.selectOptions(select('Time range condition'), 'date range');
    expect(screen.getByLabelText('Time range from')).toHaveValue('');
    expect(screen.getByLabelText('Time range to')).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: 'Time range unit' })).not.toBeInTheDocument();

    await user.selectOptions(select('Time range condition'), 'anytime');
    expect(screen.queryByLabelText(/^Time range (value|from|to)$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time range unit' })).not.toBeInTheDocument();

    await user.selectOptions(select('Time range condition'), 'more than');
    expect(box('Time range value')).toHaveValue('1');
    expect(select('Time range unit')).toHaveDisplayValue('days');
  });

  it("shows the Event's Condition list once an event is chosen, joined by AND by default", async () => {
    const { user } = renderDialog();
    expect(eventSection()).not.toBeInTheDocument();
    await chooseEvent(user, 'Checkout completed (checkout)');
    const section = eventSection() as HTMLElement;
    expect(section).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'AND' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(section).getByRole('button', { name: 'OR' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(await within(section).findByRole('button', { name: 'Add condition' }));
    await user.click(within(section).getByRole('combobox', { name: 'Condition 1 attribute' }));
    expect(
      screen
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label'))
        .filter(Boolean),
    ).toEqual(['Amount (Number)', 'Coupon (Text)', 'Paid (Boolean)']);
  });

  it('allows at most 5 attribute conditions', async () => {
    const { user } = renderDialog();
    await chooseEvent(user, 'Checkout completed (checkout)');
    const add = await screen.findByRole('button', { name: 'Add condition' });
    for (let i = 0; i < 4; i += 1) await user.click(add);
    expect(screen.getAllByRole('combobox', { name: /^Condition \d attribute$/ })).toHaveLength(4);
    await user.click(add);
    expect(screen.getAllByRole('combobox', { name: /^Condition \d attribute$/ })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add condition' })).not.toBeInTheDocument();
  });

  it('clears the attribute conditions on another event and restores the saved ones on the saved event', async () => {
    const { user } = renderDialog(savedCheckout());
    await waitFor(() => expect(searchBox()).toHaveValue('Checkout completed'));
    expect(screen.getByRole('combobox', { name: 'Condition 1 attribute' })).toHaveTextContent(
      'Amount',
    );
    expect(screen.getByRole('button', { name: 'OR' })).toHaveAttribute('aria-pressed', 'true');

    await chooseEvent(user, 'Signed up (signup)');
    expect(await screen.findByRole('button', { name: 'Add condition' })).toBeInTheDocument();
    expect(
      screen.queryByRole('combobox', { name: 'Condition 1 attribute' }),
    ).not.toBeInTheDocument();

    await chooseEvent(user, 'Checkout completed (checkout)');
    expect(
      await screen.findByRole('combobox', { name: 'Condition 1 attribute' }),
    ).toHaveTextContent('Amount');
    expect(box('Condition 1 value')).toHaveValue('10');
  });

  it('validates only on Apply and clears the messages when a field changes', async () => {
    const { user, onSave } = renderDialog();
    await chooseEvent(user, 'Checkout completed (checkout)');
    await user.selectOptions(select('Frequency condition'), 'between');
    await user.clear(box('Frequency from'));
    await user.type(box('Frequency from'), '7');
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 1, 'Amount (Number)');
    expect(alertOf()).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = alertOf() as HTMLElement;
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([MESSAGES.flows.betweenOrder, `Condition 1: ${MESSAGES.flows.valueRequired}`]);
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(select('Time range unit'), 'hours');
    expect(alertOf()).not.toBeInTheDocument();

    await user.clear(box('Frequency from'));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alertOf()).toHaveTextContent(MESSAGES.flows.betweenNumbers);

    await user.selectOptions(select('Frequency condition'), 'at most');
    await user.clear(box('Frequency value'));
    await user.type(box('Condition 1 value'), '3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alertOf()).toHaveTextContent(MESSAGES.flows.frequencyRequired);
  });

  it('numbers attribute problems as the rows are shown, blank rows before them included', async () => {
    const { user, onSave } = renderDialog();
    await chooseEvent(user, 'Checkout completed (checkout)');
    const add = await screen.findByRole('button', { name: 'Add condition' });
    await user.click(add);
    await user.click(add);
    await chooseAttribute(user, 2, 'Amount (Number)');

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      within(alertOf() as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Condition 2: ${MESSAGES.flows.valueRequired}`]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('applies the condition the user built', async () => {
    const { user, onSave } = renderDialog();
    await chooseEvent(user, 'Checkout completed (checkout)');
    await user.selectOptions(select('Time range condition'), 'date range');
    fireEvent.change(screen.getByLabelText('Time range from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Time range to'), { target: { value: '2026-01-31' } });
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await chooseAttribute(user, 1, 'Paid (Boolean)');
    await user.selectOptions(select('Condition 1 value'), 'True');
    await user.click(screen.getByRole('button', { name: 'OR' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSave).toHaveBeenCalledWith({
      event_id: seed.checkout.id,
      event_code: 'checkout',
      frequency: { condition_type: 'at_least', value: 1 },
      timeframe: {
        condition_type: 'date_range',
        value: { from: '2026-01-01', to: '2026-01-31' },
        unit: null,
      },
      attribute_conditions: [{ attribute_key: 'paid', condition_type: '=', value: true }],
      attribute_condition_operator: 'OR',
    });
  });

  it('clears the condition when applied with no event chosen', async () => {
    const { user, onSave } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onSave).toHaveBeenCalledWith(null);
    expect(alertOf()).not.toBeInTheDocument();
  });

  it('offers Delete when editing and Cancel when adding', async () => {
    const editing = renderDialog(savedCheckout());
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await editing.user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(editing.onSave).toHaveBeenCalledWith(null);
    editing.unmount();

    const adding = renderDialog();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await adding.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(adding.onClose).toHaveBeenCalledTimes(1);
    await adding.user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(adding.onClose).toHaveBeenCalledTimes(2);
    expect(adding.onSave).not.toHaveBeenCalled();
  });

  it('shows everything disabled in read-only mode with only Discard', async () => {
    renderDialog(savedCheckout(), true);
    await waitFor(() => expect(searchBox()).toHaveValue('Checkout completed'));
    expect(searchBox()).toBeDisabled();
    expect(select('Frequency condition')).toBeDisabled();
    expect(box('Frequency value')).toBeDisabled();
    expect(select('Time range condition')).toBeDisabled();
    expect(select('Time range unit')).toHaveDisplayValue('weeks');
    expect(await screen.findByRole('combobox', { name: 'Condition 1 attribute' })).toBeDisabled();
    expect(box('Condition 1 value')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'OR' })).toBeDisabled();
    for (const name of ['Apply', 'Delete', 'Cancel', 'Add condition', 'Remove condition 1'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeEnabled();
  });
});
