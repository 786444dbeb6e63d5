import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TriggerConditionsPanel } from '@/features/flows/components/conditions/trigger-conditions-panel';
import type { FlowBody, TriggerCondition } from '@/lib/contracts/flows';
import { aUrlTrigger } from '../fixtures/flows';
import { fakeSegmentsApi } from './segments-fake-api';
import { renderWithProviders, signedInWithBrand } from './test-utils';

type Condition = FlowBody['condition'];
/** Every condition handed to onChange, in order. */
let changes: Condition[] = [];
let brandId = 0;
let api: ReturnType<typeof fakeSegmentsApi>;

function Harness({ initial, readOnly }: { initial: Condition; readOnly?: boolean }) {
  const [condition, setCondition] = useState(initial);
  return (
    <TriggerConditionsPanel
      condition={condition}
      brandId={brandId}
      readOnly={readOnly}
      onChange={(next) => {
        changes.push(next);
        setCondition(next);
      }}
    />
  );
}

const setup = (groups: TriggerCondition[], readOnly = false) =>
  renderWithProviders(
    <Harness
      initial={{ trigger_conditions: groups, trigger_operator: 'AND' }}
      readOnly={readOnly}
    />,
  );
const segment = (segment_id: number, negate = false): TriggerCondition => ({
  trigger_type: 'segment',
  conditions: [{ segment_id, negate }],
});
const url = (value: string) => aUrlTrigger({ condition_type: 'exact', value, type: 'includes' });
const rows = () =>
  within(screen.getByRole('list', { name: 'Trigger conditions' })).queryAllByRole('listitem');
const dialog = () => screen.getByRole('dialog', { name: 'Segment' });

beforeEach(() => {
  changes = [];
  brandId = signedInWithBrand().id;
  api = fakeSegmentsApi(brandId);
});

describe('Segment trigger condition', () => {
  it('adds "In segment" from the Add Condition menu, picking the segment from the searchable list', async () => {
    api.add({ name: 'Churn risk' });
    const pro = api.add({ name: 'Pro customers' });
    const { user } = setup([]);

    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['URL', 'Segment']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Segment' }));

    expect(within(dialog()).getByRole('combobox', { name: 'Segment 1 membership' })).toHaveValue(
      'in',
    );
    await user.click(within(dialog()).getByRole('combobox', { name: 'Segment 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Segment 1' }), 'pro');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Segments' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Pro customers']),
    );
    expect(api.calls.some((c) => c.path === '/v1/segments' && c.query.search === 'pro')).toBe(true);
    expect(
      api.calls.every((c) => c.path !== '/v1/segments' || c.query.brand_id === String(brandId)),
    ).toBe(true);
    await user.click(screen.getByRole('option', { name: 'Pro customers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes).toEqual([{ trigger_operator: 'AND', trigger_conditions: [segment(pro.id)] }]);
    expect(
      await screen.findByRole('button', { name: 'In segment Pro customers' }),
    ).toBeInTheDocument();
  });

  it('edits a saved condition to "Not in segment"', async () => {
    const pro = api.add({ name: 'Pro customers' });
    const { user } = setup([url('/a'), segment(pro.id)]);

    await user.click(await screen.findByRole('button', { name: 'In segment Pro customers' }));
    const membership = within(dialog()).getByRole('combobox', { name: 'Segment 1 membership' });
    expect(membership).toHaveValue('in');
    expect(within(dialog()).getByRole('combobox', { name: 'Segment 1' })).toHaveTextContent(
      'Pro customers',
    );
    await user.selectOptions(membership, 'Not in segment');
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));

    expect(changes.at(-1)?.trigger_conditions).toEqual([url('/a'), segment(pro.id, true)]);
    expect(
      screen.getByRole('button', { name: 'Not in segment Pro customers' }),
    ).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
  });

  it('removes a segment condition and leaves its siblings as they were', async () => {
    const pro = api.add({ name: 'Pro customers' });
    const { user } = setup([url('/a'), segment(pro.id), url('/b')]);
    await screen.findByRole('button', { name: 'In segment Pro customers' });

    await user.click(screen.getByRole('button', { name: 'Remove condition 2' }));

    expect(changes).toEqual([
      { trigger_operator: 'AND', trigger_conditions: [url('/a'), url('/b')] },
    ]);
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'URL matches /a (exact)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'URL matches /b (exact)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /segment/i })).not.toBeInTheDocument();
  });

  it("shows a published tour's segment condition read-only", async () => {
    const pro = api.add({ name: 'Pro customers' });
    const { user } = setup([segment(pro.id, true)], true);

    expect(screen.queryByRole('button', { name: 'Add Condition' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove condition 1' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Not in segment Pro customers' }));

    expect(within(dialog()).getByRole('combobox', { name: 'Segment 1 membership' })).toBeDisabled();
    expect(within(dialog()).getByRole('combobox', { name: 'Segment 1' })).toBeDisabled();
    expect(
      within(dialog()).queryByRole('button', { name: 'Save changes' }),
    ).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Add segment' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Discard' }));
    expect(changes).toEqual([]);
  });

  it('says "No segments yet" with a way to create one when the product has none', async () => {
    const { user } = setup([]);
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Segment' }));

    expect(await within(dialog()).findByText('No segments yet.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Create segment' })).toHaveAttribute(
      'href',
      '/segments/add',
    );
    expect(within(dialog()).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save changes' }));
    expect(changes).toEqual([]);
  });
});
