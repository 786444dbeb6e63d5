import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventDetailsView } from '@/features/events/components/event-details-view';
import { useUpdateEvent } from '@/features/events/hooks/use-update-event';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { eventDetailKeys } from '@/hooks/use-event-definition';
import { useBrandStore } from '@/stores/brand';
import { seedConditionData, type ConditionSeed } from '../mocks/flows-seed';
import { setRoute } from '../setup/router';
import { createTestQueryClient, renderWithProviders } from './test-utils';
import { anEventAttributeCondition, anEventCondition } from '../fixtures/flows';

/**
 * GET /v1/events/{id} has one cache entry (hooks/use-event-definition.ts): the events pages and
 * the flow editor's Event dialog read it, so an edit saved by the events feature shows in an open
 * Event dialog at once (docs/architecture.md#4-dashboard-conventions).
 */

let seed: ConditionSeed;
beforeEach(() => {
  seed = seedConditionData();
  useBrandStore.getState().setBrandId(seed.brand.id);
  setRoute('/events/[id]', { id: String(seed.checkout.id) });
});

describe('the event detail cache', () => {
  it('refreshes the events page and the flow editor after one edit, under one query key', async () => {
    const queryClient = createTestQueryClient();
    // Both readers on one cache, as in the app: the events page and an open Event dialog.
    renderWithProviders(<EventDetailsView />, { queryClient });
    renderWithProviders(
      <EventConditionDialog
        open
        initial={anEventCondition({
          event_id: seed.checkout.id,
          event_code: 'checkout',
          attribute_conditions: [
            anEventAttributeCondition({ attribute_key: 'amount', condition_type: '>', value: 10 }),
          ],
        })}
        brandId={seed.brand.id}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
      { queryClient },
    );
    const searchBox = () => screen.getByRole('combobox', { name: 'Event' });
    await waitFor(() => expect(searchBox()).toHaveValue('Checkout completed'));
    expect(
      await screen.findByRole('heading', { name: 'Checkout completed', hidden: true }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('combobox', { name: 'Condition 1 attribute' }),
    ).toHaveTextContent('Amount');

    // One cache entry holds the definition, whoever reads it.
    const holders = queryClient
      .getQueryCache()
      .findAll()
      .filter((q) => (q.state.data as { id?: number } | undefined)?.id === seed.checkout.id);
    expect(holders.map((q) => q.queryKey)).toEqual([eventDetailKeys.detail(seed.checkout.id)]);

    // The events feature saves an edit (the same mutation its form uses).
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const update = renderHook(() => useUpdateEvent(), { wrapper });
    act(() => {
      update.result.current.mutate({
        id: seed.checkout.id,
        body: {
          brand_id: seed.brand.id,
          name: 'Order placed',
          code: 'checkout',
          attributes: [
            { code: 'amount', name: 'Total', data_type: 'number' },
            { code: 'coupon', name: 'Coupon', data_type: 'string' },
            { code: 'paid', name: 'Paid', data_type: 'boolean' },
          ],
        },
      });
    });

    await waitFor(() => expect(searchBox()).toHaveValue('Order placed'));
    expect(screen.getByRole('combobox', { name: 'Condition 1 attribute' })).toHaveTextContent(
      'Total',
    );
    expect(
      await screen.findByRole('heading', { name: 'Order placed', hidden: true }),
    ).toBeInTheDocument();
  });
});
