import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowsView } from '@/features/flows/components/flows-view';
import { FLOW_LIST_PAGE_SIZE } from '@/features/flows/lib/query-keys';
import { MESSAGES } from '@/lib/messages';
import { addFlow } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';
import { aFlow } from '../fixtures/flows';

/** Query strings of the list calls. */
const listCalls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/v1/flows')
    listCalls.push(Object.fromEntries(url.searchParams));
};

/** Three tours changed on different days: beta (published), gamma, then Alpha the oldest. */
function seedTours(brandId: number) {
  const at = (name: string, publish: boolean, day: string) => {
    addFlow(aFlow({ brand_id: brandId, name, steps: [], publish })).updated_at =
      `2025-${day}T10:00:00.000Z`;
  };
  at('Alpha', false, '01-01');
  at('gamma', false, '02-01');
  at('beta', true, '03-01');
}

const table = () => screen.getByRole('table', { name: 'Product tours' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((c) => c.textContent);
const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });
const sortSelect = () => screen.getByRole('combobox', { name: 'Sort by' });

type Url = { pathname: string; query: Record<string, string> };
/** The URL the page last asked for (the mock router only records router.replace). */
const lastUrl = () => (mockRouter.replace.mock.lastCall as unknown as [Url, undefined, object])[0];
/** What the real router does after a shallow replace: the new query, the page renders again. */
function followUrl(rerender: (ui: ReactElement) => void) {
  const { query } = lastUrl();
  act(() => {
    mockRouter.query = query;
  });
  rerender(<FlowsView />);
}

describe('FlowsView (/flows): status filter and order', () => {
  beforeEach(() => {
    setRoute('/flows');
    listCalls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('filters by status through the URL and back to all', async () => {
    const brand = signedInWithBrand();
    seedTours(brand.id);
    const { user, rerender } = renderWithProviders(<FlowsView />);
    await screen.findByRole('table', { name: 'Product tours' });
    expect(names()).toEqual(['beta', 'gamma', 'Alpha']);
    expect(statusSelect()).toHaveValue('all');
    expect(listCalls[0]).not.toHaveProperty('status');

    await user.selectOptions(statusSelect(), 'Published');
    expect(mockRouter.replace).toHaveBeenLastCalledWith(
      { pathname: '/flows', query: { status: 'published' } },
      undefined,
      { shallow: true },
    );
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['beta']));
    expect(statusSelect()).toHaveValue('published');
    expect(listCalls.at(-1)).toMatchObject({ status: 'published', cursor: '1' });

    await user.selectOptions(statusSelect(), 'Unpublished');
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['gamma', 'Alpha']));

    await user.selectOptions(statusSelect(), 'All');
    expect(lastUrl().query).toEqual({});
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['beta', 'gamma', 'Alpha']));
  });

  it('sorts by name or by last change, both ways', async () => {
    const brand = signedInWithBrand();
    seedTours(brand.id);
    const { user, rerender } = renderWithProviders(<FlowsView />);
    await screen.findByRole('table', { name: 'Product tours' });
    expect(sortSelect()).toHaveValue('updated_at:desc');

    await user.selectOptions(sortSelect(), 'Name (A→Z)');
    expect(lastUrl()).toEqual({
      pathname: '/flows',
      query: { sort_by: 'name', sort_order: 'asc' },
    });
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['Alpha', 'beta', 'gamma']));
    expect(listCalls.at(-1)).toMatchObject({ sort_by: 'name', sort_order: 'asc', cursor: '1' });

    await user.selectOptions(sortSelect(), 'Name (Z→A)');
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['gamma', 'beta', 'Alpha']));

    await user.selectOptions(sortSelect(), 'Last updated (oldest first)');
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['Alpha', 'gamma', 'beta']));
    expect(sortSelect()).toHaveValue('updated_at:asc');

    await user.selectOptions(sortSelect(), 'Last updated (newest first)');
    expect(lastUrl().query).toEqual({});
  });

  it('keeps the filter and the order of the URL on a reload', async () => {
    const brand = signedInWithBrand();
    seedTours(brand.id);
    addFlow(aFlow({ brand_id: brand.id, name: 'Delta', steps: [], publish: true }));
    setRoute('/flows', { status: 'published', sort_by: 'name', sort_order: 'desc' });
    renderWithProviders(<FlowsView />);
    await screen.findByRole('table', { name: 'Product tours' });
    expect(names()).toEqual(['Delta', 'beta']);
    expect(statusSelect()).toHaveValue('published');
    expect(sortSelect()).toHaveValue('name:desc');
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]).toMatchObject({
      status: 'published',
      sort_by: 'name',
      sort_order: 'desc',
      cursor: '1',
    });
  });

  it('starts again from the first page when the filter changes', async () => {
    const brand = signedInWithBrand();
    for (let i = 1; i <= FLOW_LIST_PAGE_SIZE + 3; i += 1)
      addFlow(aFlow({ brand_id: brand.id, name: `Draft ${i}`, steps: [] }));
    addFlow(aFlow({ brand_id: brand.id, name: 'Live one', steps: [], publish: true }));
    const { user, rerender } = renderWithProviders(<FlowsView />);
    await screen.findByRole('table', { name: 'Product tours' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(FLOW_LIST_PAGE_SIZE + 4));
    expect(listCalls.map((c) => c.cursor)).toEqual(['1', '2']);

    await user.selectOptions(statusSelect(), 'Published');
    followUrl(rerender);
    await waitFor(() => expect(names()).toEqual(['Live one']));
    expect(listCalls.at(-1)).toMatchObject({ status: 'published', cursor: '1' });
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when no tour has the chosen status, without the first-tour invitation', async () => {
    const brand = signedInWithBrand();
    addFlow(aFlow({ brand_id: brand.id, name: 'Draft', steps: [] }));
    setRoute('/flows', { status: 'published' });
    renderWithProviders(<FlowsView />);
    expect(await screen.findByText(MESSAGES.flows.noFilterMatches)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No product tours' })).not.toBeInTheDocument();
  });

  it('waits for the router to read the URL before loading', async () => {
    const brand = signedInWithBrand();
    seedTours(brand.id);
    mockRouter.isReady = false;
    const { rerender } = renderWithProviders(<FlowsView />);
    expect(screen.getByRole('status', { name: 'Loading product tours' })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(listCalls).toEqual([]);

    act(() => {
      Object.assign(mockRouter, { isReady: true, query: { status: 'unpublished' } });
    });
    rerender(<FlowsView />);
    await waitFor(() => expect(names()).toEqual(['gamma', 'Alpha']));
    expect(listCalls).toEqual([expect.objectContaining({ status: 'unpublished' })]);
  });
});
