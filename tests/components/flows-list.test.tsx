import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowsView } from '@/features/flows/components/flows-view';
import { useBrandStore } from '@/stores/brand';
import { addFlow, mockFlows } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { mockRouter } from './router-mock';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

vi.mock('next/router', async () => (await import('./router-mock')).routerModule());

const draft = (brandId: number, name: string, steps = 0, publish = false) => ({
  brand_id: brandId,
  name,
  publish,
  condition: { trigger_conditions: [], trigger_operator: 'AND' as const },
  attribute_conditions: [],
  display_type: 'once' as const,
  display_times: null,
  priority: 0,
  steps: Array.from({ length: steps }, (_, i) => ({
    id: `s${i}`,
    type: 'modal' as const,
    content: '<p>x</p>',
    buttons: [],
    element_actions: [],
  })),
  layout: { positions: {} },
});

function signedInWithBrand() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.getState().setBrandId(brand.id);
  return brand;
}
const table = () => screen.getByRole('table', { name: 'Product tours' });

describe('FlowsView (/flows)', () => {
  beforeEach(() => {
    mockFlows.length = 0;
  });

  it('lists the tours of the current product with status and step count, and searches', async () => {
    const brand = signedInWithBrand();
    addFlow(draft(brand.id, 'Onboarding', 2, true));
    addFlow(draft(brand.id, 'Feature tip', 1));
    const searches: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const s = new URL(request.url).searchParams.get('search');
      if (s) searches.push(s);
    });
    renderWithProviders(<FlowsView />);
    const onboarding = (await screen.findByRole('link', { name: 'Onboarding' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(onboarding).getByText('Published')).toBeInTheDocument();
    expect(within(onboarding).getByText('2')).toBeInTheDocument();
    expect(within(table()).getByText('Unpublished')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search product tours'), 'tip');
    await waitFor(() =>
      expect(within(table()).queryByRole('link', { name: 'Onboarding' })).toBeNull(),
    );
    expect(searches).toContain('tip');
    server.events.removeAllListeners();
  });

  it('duplicates a tour and deletes one only after confirmation', async () => {
    const brand = signedInWithBrand();
    addFlow(draft(brand.id, 'Onboarding', 1));
    renderWithProviders(<FlowsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Onboarding' }));
    expect(await screen.findByRole('link', { name: 'Copy of Onboarding' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Onboarding' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete "Onboarding"\?/)).toBeInTheDocument();
    expect(mockFlows).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Onboarding' })).toBeNull());
    expect(mockFlows.map((f) => f.name)).toEqual(['Copy of Onboarding']);
  });

  it('creates a draft and opens the editor', async () => {
    signedInWithBrand();
    renderWithProviders(<FlowsView />);
    expect(await screen.findByText(/No product tours yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create product tour' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(`/flows/${mockFlows[0]!.id}`));
    expect(mockFlows[0]).toMatchObject({ name: 'Untitled tour', status: 'unpublished' });
  });

  it('without a product shows the way to Product Tracking', () => {
    signInAs();
    useBrandStore.getState().setBrandId(null);
    renderWithProviders(<FlowsView />);
    expect(screen.getByRole('link', { name: 'Go to Product Tracking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create product tour' })).toBeNull();
  });
});
