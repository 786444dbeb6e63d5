import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  NewSegmentView,
  EditSegmentView,
} from '@/features/segments/components/segment-builder-view';
import {
  MAX_SEGMENT_CONDITIONS,
  MAX_SEGMENT_DEPTH,
  MAX_SEGMENTS_PER_PRODUCT,
} from '@/lib/contracts/segments';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { mockRouter, setRoute } from '../setup/router';
import { fakeSegmentsApi } from './segments-fake-api';
import { renderWithProviders } from './test-utils';

let seed: ConditionSeed;
let api: ReturnType<typeof fakeSegmentsApi>;
beforeEach(() => {
  setRoute('/segments/add');
  seed = seedConditionData();
  useBrandStore.getState().setBrandId(seed.brand.id);
  api = fakeSegmentsApi(seed.brand.id);
});

type User = ReturnType<typeof renderWithProviders>['user'];

async function addFromMenu(user: User, kind: string, menu = 'Add condition') {
  await user.click(screen.getByRole('button', { name: menu }));
  await user.click(await screen.findByRole('menuitem', { name: kind }));
}
/** Adds "Plan exact {value}" through the Attribute & Metadata dialog. */
async function addPlanCondition(user: User, value: string) {
  await addFromMenu(user, 'Customer attribute');
  const dialog = await screen.findByRole('dialog', { name: 'Attribute & Metadata' });
  await user.click(await within(dialog).findByRole('combobox', { name: 'Condition 1 attribute' }));
  await user.click(screen.getByRole('option', { name: 'Plan (Text)' }));
  await user.selectOptions(
    within(dialog).getByRole('combobox', { name: 'Condition 1 condition type' }),
    'exact',
  );
  await user.type(within(dialog).getByRole('textbox', { name: 'Condition 1 value' }), value);
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}
/** Adds "signup, at least 1 time, in the last 1 days" through the Event dialog. */
async function addSignupEvent(user: User) {
  await addFromMenu(user, 'Event');
  const dialog = await screen.findByRole('dialog', { name: 'Event' });
  await user.click(within(dialog).getByPlaceholderText('Find an event'));
  await user.click(await screen.findByRole('option', { name: 'Signed up (signup)' }));
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}
const rows = () =>
  within(screen.getByRole('list', { name: 'Conditions' }))
    .getAllByRole('button', { name: /^Condition \d+:/ })
    .map((b) => b.getAttribute('aria-label'));
const liveCount = () => screen.getByRole('status', { name: 'Live count' });

describe('Segment builder (/segments/add)', () => {
  it('removing one condition leaves its siblings intact, their in-place choices included', async () => {
    const gold = api.add({ name: 'Gold' });
    api.add({ name: 'Silver' });
    const { user } = renderWithProviders(<NewSegmentView />);
    await addPlanCondition(user, 'pro');
    await addFromMenu(user, 'In segment');
    await addSignupEvent(user);
    await addFromMenu(user, 'In segment');
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Condition 4 segment' })).getAllByRole(
          'option',
        ),
      ).toHaveLength(3),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition 4 segment' }), 'Gold');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Condition 4 membership' }),
      'Not in segment',
    );
    expect(rows()).toEqual([
      'Condition 1: plan exact pro',
      'Condition 3: Event signup, at least 1 time, in the last 1 days',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove condition 2' }));

    expect(rows()).toEqual([
      'Condition 1: plan exact pro',
      'Condition 2: Event signup, at least 1 time, in the last 1 days',
    ]);
    expect(screen.getByRole('combobox', { name: 'Condition 3 segment' })).toHaveValue(
      String(gold.id),
    );
    expect(screen.getByRole('combobox', { name: 'Condition 3 membership' })).toHaveValue('out');
    expect(screen.queryByRole('combobox', { name: 'Condition 4 segment' })).not.toBeInTheDocument();
  });

  it('states the limits a segment is saved within, from the contract', async () => {
    renderWithProviders(<NewSegmentView />);
    const limits = await screen.findByRole('region', { name: 'Segment limits' });
    expect(limits).toHaveTextContent(`${MAX_SEGMENT_CONDITIONS} conditions per group`);
    expect(limits).toHaveTextContent(`up to ${MAX_SEGMENT_DEPTH} levels`);
    expect(limits).toHaveTextContent(`${MAX_SEGMENTS_PER_PRODUCT} segments per product`);
  });

  it('shows the server’s messages at their fields on Save and sends nothing', async () => {
    const { user } = renderWithProviders(<NewSegmentView />);
    await user.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name is required',
    );
    expect(screen.getByText(MESSAGES.segments.noConditions)).toBeInTheDocument();

    await addFromMenu(user, 'Group');
    await addFromMenu(user, 'In segment', 'Add condition to group 1');
    expect(screen.getByText(MESSAGES.segments.segmentRequired)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/v1/segments')).toEqual([]);
  });

  it('counts while editing, then saves the definition and opens the segment', async () => {
    api.state.count = 42;
    const { user } = renderWithProviders(<NewSegmentView />);
    expect(liveCount()).toHaveTextContent('Complete the conditions to count.');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pro signups');
    await addPlanCondition(user, 'pro');
    await waitFor(() => expect(liveCount()).toHaveTextContent('42 customers match'));
    const preview = api.calls.find((c) => c.path === '/v1/segments/preview');
    expect(preview?.body).toEqual({
      brand_id: seed.brand.id,
      definition: {
        operator: 'AND',
        conditions: [
          { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
        ],
      },
    });

    await addSignupEvent(user);
    await user.click(
      screen
        .getByRole('group', { name: 'Conditions operator' })
        .querySelector('[aria-pressed="false"]')!,
    );
    api.state.count = 7;
    await waitFor(() => expect(liveCount()).toHaveTextContent('7 customers match'));

    await user.click(screen.getByRole('button', { name: 'Save segment' }));
    await waitFor(() =>
      expect(mockRouter.push).toHaveBeenCalledWith(`/segments/${api.store[0].id}`),
    );
    expect(api.store[0]).toMatchObject({
      name: 'Pro signups',
      definition: {
        operator: 'OR',
        conditions: [
          { type: 'customer', customer_key: 'plan' },
          {
            type: 'event',
            event_code: 'signup',
            frequency: { condition_type: 'at_least', value: 1 },
          },
        ],
      },
    });
  });

  it('says when the count failed, and counts again on Retry', async () => {
    api.state.previewFails = true;
    const { user } = renderWithProviders(<NewSegmentView />);
    await addPlanCondition(user, 'pro');
    await waitFor(() => expect(liveCount()).toHaveTextContent('Could not count the customers'));
    api.state.previewFails = false;
    await user.click(within(liveCount()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(liveCount()).toHaveTextContent('3 customers match'));
  });
});

describe('Segment builder (/segments/edit/[id])', () => {
  it('loads the saved rules and saves them with PUT', async () => {
    const saved = api.add({
      name: 'Pro plan',
      definition: {
        operator: 'AND',
        conditions: [
          { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
          { type: 'customer', customer_key: 'seats', condition_type: '>', value: 5 },
        ],
      },
    });
    setRoute('/segments/edit/[id]', { id: String(saved.id) });
    const { user } = renderWithProviders(<EditSegmentView />);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Pro plan');
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(rows()).toEqual(['Condition 1: seats greater than 5']);
    await user.click(screen.getByRole('button', { name: 'Save segment' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Pro plan',
      definition: { conditions: [{ customer_key: 'seats' }] },
    });
  });
});
