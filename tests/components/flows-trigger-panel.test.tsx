import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TriggerConditionsPanel } from '@/features/flows/components/conditions/trigger-conditions-panel';
import type { FlowBody, TriggerCondition, UrlCondition } from '@/lib/contracts/flows';
import { seedConditionData } from '../mocks/flows-seed';
import { renderWithProviders } from './test-utils';
import { aUrlTrigger } from '../fixtures/flows';

type Condition = FlowBody['condition'];
/** Every condition handed to onChange, in order. */
let changes: Condition[] = [];

function Harness({ initial, readOnly }: { initial: Condition; readOnly?: boolean }) {
  const [condition, setCondition] = useState(initial);
  return (
    <TriggerConditionsPanel
      condition={condition}
      brandId={1}
      readOnly={readOnly}
      onChange={(next) => {
        changes.push(next);
        setCondition(next);
      }}
    />
  );
}

/** A URL trigger of one row: the page's URL is exactly `value`. */
const url = (value: string, type: UrlCondition['type'] = 'includes') =>
  aUrlTrigger({ condition_type: 'exact', value, type });
const setup = (groups: TriggerCondition[], readOnly = false) =>
  renderWithProviders(
    <Harness
      initial={{ trigger_conditions: groups, trigger_operator: 'AND' }}
      readOnly={readOnly}
    />,
  );

const rows = () =>
  within(screen.getByRole('list', { name: 'Trigger conditions' })).queryAllByRole('listitem');
const toggle = (n: number) => screen.getByRole('group', { name: `Operator before condition ${n}` });
const pressed = (n: number) =>
  within(toggle(n))
    .getAllByRole('button', { pressed: true })
    .map((b) => b.textContent);
const urlDialog = () => screen.getByRole('dialog', { name: 'URL Condition' });
const ADD_CONTROLS = ['Add Condition', 'Add event condition', 'Add attribute condition'];

beforeEach(() => {
  changes = [];
});

describe('Trigger conditions panel', () => {
  it('shows IF on the first row and one AND/OR operator for the flow on the others', async () => {
    const { user } = setup([url('/a'), url('/b'), url('/c')]);
    const [first, second] = rows();
    expect(within(first!).getByText('IF')).toBeInTheDocument();
    expect(within(first!).queryByRole('group')).not.toBeInTheDocument();
    expect(within(second!).queryByText('IF')).not.toBeInTheDocument();
    expect(pressed(2)).toEqual(['AND']);
    expect(pressed(3)).toEqual(['AND']);

    await user.click(within(toggle(3)).getByRole('button', { name: 'OR' }));
    expect(changes.at(-1)?.trigger_operator).toBe('OR');
    expect(pressed(2)).toEqual(['OR']);
    expect(pressed(3)).toEqual(['OR']);
  });

  it('summarises each kind of condition', () => {
    setup([
      {
        trigger_type: 'url',
        conditions: [
          { condition_type: 'exact', value: '/pricing', type: 'includes' },
          { condition_type: 'starts with', value: '/admin', type: 'excludes' },
        ],
      },
      {
        trigger_type: 'customer_condition',
        conditions: [
          { customer_key: 'plan', condition_type: 'exact', value: 'pro' },
          { customer_key: 'country', condition_type: 'not_empty' },
        ],
      },
      {
        trigger_type: 'event',
        conditions: [
          {
            event_id: 3,
            event_code: 'signup_completed',
            frequency: { condition_type: 'at_least', value: 1 },
            timeframe: { condition_type: 'in_the_last', value: 1, unit: 'days' },
            attribute_conditions: [],
            attribute_condition_operator: 'AND',
          },
        ],
      },
    ]);
    const summaries = [
      'URL matches /pricing (exact) · excludes /admin (starts with)',
      'plan exact pro and 1 more',
      'Event signup_completed, at least 1 time, in the last 1 days',
    ];
    rows().forEach((row, i) =>
      expect(within(row).getByRole('button', { name: summaries[i] })).toBeInTheDocument(),
    );
    expect(rows()).toHaveLength(3);
  });

  it('offers URL and Segment in the Add Condition menu and adds the saved URL condition as a row', async () => {
    const { user } = setup([]);
    expect(
      screen.getByText('No trigger yet: add a condition to decide when this tour starts.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['URL', 'Segment']);
    await user.click(within(menu).getByRole('menuitem', { name: 'URL' }));

    expect(within(urlDialog()).queryAllByRole('textbox')).toHaveLength(0);
    await user.click(within(urlDialog()).getByRole('button', { name: 'Add URL to URLs matches' }));
    await user.type(
      within(urlDialog()).getByRole('textbox', { name: 'URL 1 of URLs matches' }),
      '/pricing',
    );
    await user.click(within(urlDialog()).getByRole('button', { name: 'Save changes' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'URL matches /pricing (exact)' }),
    ).toBeInTheDocument();
    expect(changes).toEqual([
      {
        trigger_operator: 'AND',
        trigger_conditions: [url('/pricing')],
      },
    ]);
  });

  it('adds nothing when a new URL condition is saved empty', async () => {
    const { user } = setup([]);
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'URL' }));
    await user.click(within(urlDialog()).getByRole('button', { name: 'Save changes' }));
    expect(rows()).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('opens a URL row in its dialog with its values and saves the edit in place', async () => {
    const { user } = setup([url('/a'), url('/admin', 'excludes')]);
    await user.click(screen.getByRole('button', { name: 'URL excludes /admin (exact)' }));

    const input = within(urlDialog()).getByRole('textbox', { name: 'URL 1 of URLs excludes' });
    expect(input).toHaveValue('/admin');
    expect(
      within(urlDialog()).queryByRole('textbox', { name: 'URL 1 of URLs matches' }),
    ).toBeNull();
    await user.clear(input);
    await user.type(input, '/internal');
    await user.click(within(urlDialog()).getByRole('button', { name: 'Save changes' }));

    expect(changes.at(-1)?.trigger_conditions).toEqual([url('/a'), url('/internal', 'excludes')]);
    expect(
      screen.getByRole('button', { name: 'URL excludes /internal (exact)' }),
    ).toBeInTheDocument();

    // Saving a row with everything cleared removes it.
    await user.click(screen.getByRole('button', { name: 'URL matches /a (exact)' }));
    await user.click(within(urlDialog()).getByRole('button', { name: 'Clear all' }));
    await user.click(within(urlDialog()).getByRole('button', { name: 'Save changes' }));
    expect(changes.at(-1)?.trigger_conditions).toEqual([url('/internal', 'excludes')]);
    expect(rows()).toHaveLength(1);
  });

  it('removes a row with its × button, and the next row becomes the IF row', async () => {
    const { user } = setup([url('/a'), url('/b')]);
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(changes.at(-1)?.trigger_conditions).toEqual([url('/b')]);
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('IF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'URL matches /b (exact)' })).toBeInTheDocument();
  });

  it('hides the add controls once 5 conditions exist', async () => {
    const { user } = setup([url('/1'), url('/2'), url('/3'), url('/4')]);
    for (const name of ADD_CONTROLS)
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'URL' }));
    await user.click(within(urlDialog()).getByRole('button', { name: 'Add URL to URLs matches' }));
    await user.type(within(urlDialog()).getByRole('textbox'), '/5');
    await user.click(within(urlDialog()).getByRole('button', { name: 'Save changes' }));

    expect(rows()).toHaveLength(5);
    for (const name of ADD_CONTROLS)
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('in read-only mode shows the conditions without letting them change', async () => {
    const { user } = setup([url('/a'), url('/b')], true);
    for (const name of [...ADD_CONTROLS, 'Remove condition 1', 'Remove condition 2'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    for (const button of within(toggle(2)).getAllByRole('button')) expect(button).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'URL matches /b (exact)' }));
    expect(
      within(urlDialog()).getByRole('textbox', { name: 'URL 1 of URLs matches' }),
    ).toBeDisabled();
    expect(within(urlDialog()).queryByRole('button', { name: 'Save changes' })).toBeNull();
    await user.click(within(urlDialog()).getByRole('button', { name: 'Discard' }));
    expect(changes).toEqual([]);
  });
});

describe('Trigger conditions panel with the event and attribute dialogs', () => {
  it('an event row opens the Event dialog with its values; deleting removes the row', async () => {
    const seeded = seedConditionData();
    const event: TriggerCondition = {
      trigger_type: 'event',
      conditions: [
        {
          event_id: seeded.signup.id,
          event_code: seeded.signup.code,
          frequency: { condition_type: 'at_least', value: 2 },
          timeframe: { condition_type: 'in_the_last', value: 3, unit: 'days' },
          attribute_conditions: [],
          attribute_condition_operator: 'AND',
        },
      ],
    };
    const { user } = renderWithProviders(
      <BrandHarness brandId={seeded.brand.id} groups={[url('/a'), event]} />,
    );
    await user.click(screen.getByRole('button', { name: /^Event signup/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Event' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog', { name: 'Event' })).not.toBeInTheDocument();
    expect(changes.at(-1)?.trigger_conditions.map((g) => g.trigger_type)).toEqual(['url']);
  });

  it('a customer row opens the Attribute & Metadata dialog with its rows', async () => {
    const seeded = seedConditionData();
    const customer: TriggerCondition = {
      trigger_type: 'customer_condition',
      conditions: [{ customer_key: 'plan', condition_type: 'exact', value: 'pro' }],
    };
    const { user } = renderWithProviders(
      <BrandHarness brandId={seeded.brand.id} groups={[customer]} />,
    );
    await user.click(screen.getByRole('button', { name: /^plan exact pro/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Attribute & Metadata' });
    expect(await within(dialog).findByDisplayValue('pro')).toBeInTheDocument();
  });
});

function BrandHarness({ brandId, groups }: { brandId: number; groups: TriggerCondition[] }) {
  const [condition, setCondition] = useState<Condition>({
    trigger_conditions: groups,
    trigger_operator: 'AND',
  });
  return (
    <TriggerConditionsPanel
      condition={condition}
      brandId={brandId}
      onChange={(next) => {
        changes.push(next);
        setCondition(next);
      }}
    />
  );
}
