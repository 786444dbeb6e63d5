import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { EditSegmentView } from '@/features/segments/components/segment-builder-view';
import type { MembershipChange, SegmentInput } from '@/lib/contracts/segments';
import { useBrandStore } from '@/stores/brand';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { fakeSegmentsApi } from './segments-fake-api';
import { renderWithProviders } from './test-utils';

/**
 * Saving a segment published tours read (docs/segments.md, "API"): the editor's success message
 * says who joins and leaves their audience, from the PUT's `membership_change`.
 */

let seed: ConditionSeed;
let api: ReturnType<typeof fakeSegmentsApi>;
beforeEach(() => {
  seed = seedConditionData();
  useBrandStore.getState().setBrandId(seed.brand.id);
  api = fakeSegmentsApi(seed.brand.id);
});

/** The PUT answers the saved segment with this `membership_change`. */
function answerChange(change: MembershipChange | null) {
  server.use(
    http.put('*/v1/segments/:id', async ({ request, params }) => {
      const body = (await request.json()) as SegmentInput;
      const segment = api.store.find((s) => s.id === Number(params.id))!;
      Object.assign(segment, { name: body.name });
      return HttpResponse.json({ data: { ...segment, membership_change: change } });
    }),
  );
}

async function saveEdited(name: string) {
  const saved = api.add({
    name,
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
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
  await user.click(screen.getByRole('button', { name: 'Save segment' }));
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(`/segments/${saved.id}`));
}

describe('Segment builder: saving a segment published tours read', () => {
  it('says how many customers join and leave the tour’s audience', async () => {
    answerChange({ gained: 12, lost: 3, tours: [{ id: 7, name: 'Welcome tour' }] });
    await saveEdited('Pro plan');
    expect(
      await screen.findByText(
        'Segment "Pro plan" saved. 12 customers join and 3 leave the audience of "Welcome tour".',
      ),
    ).toBeInTheDocument();
  });

  it('names several tours, and says when nobody joins', async () => {
    answerChange({
      gained: 0,
      lost: 1,
      tours: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
    });
    await saveEdited('Seats');
    expect(
      await screen.findByText(
        'Segment "Seats" saved. No customer joins and 1 leaves the audiences of "A" and "B".',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the plain message when no published tour reads it', async () => {
    answerChange(null);
    await saveEdited('Quiet');
    expect(await screen.findByText('Segment "Quiet" saved.')).toBeInTheDocument();
  });
});
