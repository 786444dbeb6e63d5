import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowsView } from '@/features/flows/components/flows-view';
import { FLOW_LIST_PAGE_SIZE } from '@/features/flows/lib/query-keys';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { addFlow } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signedInWithBrand, signInAs } from './test-utils';
import { aFlow, someSteps } from '../fixtures/flows';

/** Query strings of the list calls and bodies of the other calls. */
const listCalls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/v1/flows')
    listCalls.push(Object.fromEntries(url.searchParams));
};
const failWith = (method: 'get' | 'post' | 'delete', path: string, message: string) =>
  server.use(
    http[method](path, () =>
      HttpResponse.json({ message, status: 500, code: 'internal' }, { status: 500 }),
    ),
  );

const table = () => screen.getByRole('table', { name: 'Product tours' });
const rowOf = (name: string) =>
  within(table()).getByRole('link', { name }).closest('tr') as HTMLElement;
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((c) => c.textContent);
const toasts = () => document.querySelector('.Toastify');

describe('FlowsView (/flows)', () => {
  beforeEach(() => {
    setRoute('/flows');
    listCalls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('lists the tours of the current product with status, steps and links', async () => {
    const brand = signedInWithBrand();
    const mine = localStorage.getItem('token')!;
    const other = addBrand(signInAs({ email: 'other@x.dev' }).user, 'Theirs');
    addFlow(aFlow({ brand_id: other.id, name: 'Not mine', steps: someSteps(3) }));
    localStorage.setItem('token', mine);
    const onboarding = addFlow(
      aFlow({ brand_id: brand.id, name: 'Onboarding', steps: someSteps(2), publish: true }),
    );
    addFlow(aFlow({ brand_id: brand.id, name: 'Feature tip', steps: someSteps(1) }));
    renderWithProviders(<FlowsView />);

    await screen.findByRole('table', { name: 'Product tours' });
    expect(names()).toEqual(['Feature tip', 'Onboarding']);
    const row = rowOf('Onboarding');
    expect(within(row).getByText('Published')).toHaveClass('text-emerald-700');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(/^2$/);
    expect(within(rowOf('Feature tip')).getByText('Unpublished')).toHaveClass('text-slate-600');
    expect(within(rowOf('Feature tip')).getAllByRole('cell')[1]).toHaveTextContent(/^1$/);
    expect(within(row).getByRole('link', { name: 'Onboarding' })).toHaveAttribute(
      'href',
      `/flows/${onboarding.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit Onboarding' })).toHaveAttribute(
      'href',
      `/flows/${onboarding.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Report of Onboarding' })).toHaveAttribute(
      'href',
      `/flows/${onboarding.id}/report`,
    );
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
    expect(listCalls[0]).toMatchObject({ brand_id: String(brand.id), cursor: '1' });
    expect(listCalls[0]).not.toHaveProperty('search');
  });

  it('pages with Load more, then searches (debounced) from the first page again', async () => {
    const brand = signedInWithBrand();
    for (let i = 1; i <= FLOW_LIST_PAGE_SIZE + 4; i += 1)
      addFlow(aFlow({ brand_id: brand.id, name: `Tour ${i}`, steps: [] }));
    addFlow(aFlow({ brand_id: brand.id, name: 'Checkout tip', steps: [] }));
    const { user } = renderWithProviders(<FlowsView />);

    await screen.findByRole('table', { name: 'Product tours' });
    expect(names()).toHaveLength(FLOW_LIST_PAGE_SIZE);
    expect(screen.getByText(`Showing ${FLOW_LIST_PAGE_SIZE} of 25`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls.map((c) => c.cursor)).toEqual(['1', '2']);

    await user.type(screen.getByRole('searchbox', { name: 'Search product tours' }), 'checkout');
    await waitFor(() => expect(names()).toEqual(['Checkout tip']));
    expect(listCalls.at(-1)).toMatchObject({ search: 'checkout', cursor: '1' });
    expect(listCalls.filter((c) => c.search)).toHaveLength(1);

    await user.clear(screen.getByRole('searchbox', { name: 'Search product tours' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search product tours' }), 'zzz');
    expect(await screen.findByText(MESSAGES.flows.noMatches)).toBeInTheDocument();
  });

  it('duplicates a tour: toast and a refreshed list with the copy', async () => {
    const brand = signedInWithBrand();
    addFlow(aFlow({ brand_id: brand.id, name: 'Onboarding', steps: someSteps(1), publish: true }));
    const { user } = renderWithProviders(<FlowsView />);
    await user.click(await screen.findByRole('button', { name: 'Duplicate Onboarding' }));

    const copy = await screen.findByRole('link', { name: 'Copy of Onboarding' });
    expect(within(copy.closest('tr')!).getByText('Unpublished')).toBeInTheDocument();
    expect(names()).toEqual(['Copy of Onboarding', 'Onboarding']);
    expect(toasts()).toHaveTextContent(MESSAGES.flows.duplicated('Copy of Onboarding'));
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
  });

  it('deletes only after confirmation, and toasts a failed delete', async () => {
    const brand = signedInWithBrand();
    addFlow(aFlow({ brand_id: brand.id, name: 'Keep me', steps: [] }));
    addFlow(aFlow({ brand_id: brand.id, name: 'Onboarding', steps: [] }));
    const { user } = renderWithProviders(<FlowsView />);

    await user.click(await screen.findByRole('button', { name: 'Delete Onboarding' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete "Onboarding"\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.flows).toHaveLength(2);

    failWith('delete', '*/v1/flows/:id', 'Locked');
    await user.click(screen.getByRole('button', { name: 'Delete Onboarding' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toasts()).toHaveTextContent(MESSAGES.flows.failedToDelete('Locked')),
    );
    expect(db.flows).toHaveLength(2);

    server.resetHandlers();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Onboarding' })).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(names()).toEqual(['Keep me']);
    expect(db.flows.map((f) => f.name)).toEqual(['Keep me']);
  });

  it('opens the editor on a new tour from the empty state, creating nothing', async () => {
    signedInWithBrand();
    renderWithProviders(<FlowsView />);
    const empty = await screen.findByRole('region', { name: 'No product tours' });
    expect(empty).toHaveTextContent(MESSAGES.flows.empty);
    // The tour is created by the editor's first Save, not by the list.
    expect(within(empty).getByRole('link', { name: 'Create product tour' })).toHaveAttribute(
      'href',
      '/flows/create',
    );
    expect(db.flows).toHaveLength(0);
  });

  it('Create product tour is a link to /flows/create: the list sends no create', async () => {
    const brand = signedInWithBrand();
    addFlow(aFlow({ brand_id: brand.id, name: 'Onboarding', steps: [] }));
    const posts: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method !== 'GET') posts.push(request.url);
    };
    server.events.on('request:start', onRequest);
    renderWithProviders(<FlowsView />);
    await screen.findByRole('table', { name: 'Product tours' });
    expect(screen.getByRole('link', { name: 'Create product tour' })).toHaveAttribute(
      'href',
      '/flows/create',
    );
    server.events.removeListener('request:start', onRequest);
    expect(posts).toEqual([]);
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('toasts a failed list and offers to try again', async () => {
    signedInWithBrand();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    failWith('get', '*/v1/flows', 'DB down');
    renderWithProviders(<FlowsView />);
    const message = MESSAGES.flows.failedToGetList('DB down');
    await waitFor(() => expect(toasts()).toHaveTextContent(message));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('without a product shows the way to Product Tracking and asks nothing', () => {
    signInAs();
    useBrandStore.getState().setBrandId(null);
    renderWithProviders(<FlowsView />);
    expect(screen.getByRole('link', { name: 'Go to Product Tracking' })).toHaveAttribute(
      'href',
      '/brands',
    );
    expect(screen.queryByRole('link', { name: 'Create product tour' })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(listCalls).toEqual([]);
  });
});
