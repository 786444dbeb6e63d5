import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportsListView } from '@/features/reports/components/reports-list-view';
import { REPORT_LIST_PAGE_SIZE } from '@/features/reports/lib/query-keys';
import type { ReportInput } from '@/lib/contracts/reports';
import { formatDate } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { addReport } from '../mocks/reports.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const trend = (brandId: number, name: string, pinned = false): ReportInput => ({
  brand_id: brandId,
  name,
  pinned,
  query: {
    brand_id: brandId,
    type: 'trend',
    series: [{ event: 'checkout', measure: 'total' }],
    granularity: 'day',
    date_preset: 'past_30_day',
  },
});
const funnel = (brandId: number, name: string): ReportInput => ({
  brand_id: brandId,
  name,
  query: {
    brand_id: brandId,
    type: 'funnel',
    steps: [{ event: 'signup' }, { event: 'checkout' }],
    window: { value: 7, unit: 'day' },
    date_preset: 'past_30_day',
  },
});
const retention = (brandId: number, name: string): ReportInput => ({
  brand_id: brandId,
  name,
  pinned: true,
  query: {
    brand_id: brandId,
    type: 'retention',
    start_event: 'signup',
    return_event: 'checkout',
    period: 'week',
    intervals: 4,
    date_preset: 'past_30_day',
  },
});
const day = (d: number) => ({ updated_at: new Date(Date.UTC(2026, 10, d, 9)).toISOString() });

/** Query strings of the list calls. */
const listCalls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/v1/reports')
    listCalls.push(Object.fromEntries(url.searchParams));
};

const table = () => screen.getByRole('table', { name: 'Reports' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((c) => c.textContent);
const rowOf = (name: string) =>
  within(table()).getByRole('link', { name }).closest('tr') as HTMLElement;
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);
const toasts = () => document.querySelector('.Toastify');

describe('ReportsListView (/reports/list)', () => {
  beforeEach(() => {
    setRoute('/reports/list');
    listCalls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it("lists the reports of every product of the owner, never another owner's", async () => {
    const theirs = addBrand(signInAs({ email: 'other@x.dev' }).user, 'Theirs');
    addReport(trend(theirs.id, 'Not mine'), day(20));
    const { user } = signInAs();
    const shop = addBrand(user, 'Shop');
    const blog = addBrand(user, 'Blog');
    const orders = addReport(trend(shop.id, 'Orders per day', true), day(10));
    const signups = addReport(funnel(blog.id, 'Sign-up funnel'), day(12));
    addReport(retention(shop.id, 'Weekly return'), day(11));
    renderWithProviders(<ReportsListView />);

    await screen.findByRole('table', { name: 'Reports' });
    // Newest change first.
    expect(names()).toEqual(['Sign-up funnel', 'Weekly return', 'Orders per day']);
    expect(cells('Orders per day').slice(0, 4)).toEqual([
      'Trend',
      'Shop',
      'Yes',
      formatDate(orders.updated_at),
    ]);
    expect(cells('Sign-up funnel').slice(0, 4)).toEqual([
      'Funnel',
      'Blog',
      'No',
      formatDate(signups.updated_at),
    ]);
    expect(cells('Weekly return').slice(0, 2)).toEqual(['Retention', 'Shop']);
    const row = rowOf('Orders per day');
    expect(within(row).getByRole('link', { name: 'Orders per day' })).toHaveAttribute(
      'href',
      `/reports/${orders.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit Orders per day' })).toHaveAttribute(
      'href',
      `/reports/${orders.id}/edit`,
    );
    expect(screen.queryByText('Not mine')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create report' })).toHaveAttribute(
      'href',
      '/reports/create',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/reports/dashboard',
    );
    // Every product: no brand_id, no pinned filter.
    expect(listCalls).toEqual([{ cursor: '1', limit: String(REPORT_LIST_PAGE_SIZE) }]);
  });

  it('pages with Load more, then searches (debounced, without case) from page 1', async () => {
    const { user } = signInAs();
    const shop = addBrand(user, 'Shop');
    for (let i = 1; i <= REPORT_LIST_PAGE_SIZE + 3; i += 1)
      addReport(trend(shop.id, `Report ${i}`), day(1));
    addReport(funnel(shop.id, 'Checkout funnel'), day(2));
    const view = renderWithProviders(<ReportsListView />);

    await screen.findByRole('table', { name: 'Reports' });
    expect(names()).toHaveLength(REPORT_LIST_PAGE_SIZE);
    expect(names()[0]).toBe('Checkout funnel');
    expect(screen.getByText(`Showing ${REPORT_LIST_PAGE_SIZE} of 24`)).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 24')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(listCalls.map((c) => c.cursor)).toEqual(['1', '2']);

    const search = screen.getByRole('searchbox', { name: 'Search reports' });
    await view.user.type(search, 'CHECKOUT');
    await waitFor(() => expect(names()).toEqual(['Checkout funnel']));
    expect(listCalls.at(-1)).toMatchObject({ search: 'CHECKOUT', cursor: '1' });
    expect(listCalls.filter((c) => c.search)).toHaveLength(1);

    await view.user.clear(search);
    await view.user.type(search, 'zzz');
    expect(await screen.findByText(MESSAGES.reports.listNoMatches)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No reports' })).not.toBeInTheDocument();
  });

  it('deletes only after confirmation, toasts the result, and a failure with its message', async () => {
    const { user } = signInAs();
    const shop = addBrand(user, 'Shop');
    addReport(trend(shop.id, 'Keep me'), day(1));
    addReport(funnel(shop.id, 'Old funnel'), day(2));
    const view = renderWithProviders(<ReportsListView />);

    await view.user.click(await screen.findByRole('button', { name: 'Delete Old funnel' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MESSAGES.reports.deleteConfirm('Old funnel'));
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.reports).toHaveLength(2);
    expect(names()).toEqual(['Old funnel', 'Keep me']);

    server.use(
      http.delete('*/v1/reports/:id', () =>
        HttpResponse.json({ message: 'Locked', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    await view.user.click(screen.getByRole('button', { name: 'Delete Old funnel' }));
    dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Locked'));
    expect(db.reports).toHaveLength(2);

    server.resetHandlers();
    await view.user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old funnel' })).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toasts()).toHaveTextContent(MESSAGES.reports.deleted);
    expect(names()).toEqual(['Keep me']);
    expect(db.reports.map((r) => r.name)).toEqual(['Keep me']);
  });

  it('without reports shows the way to create one', async () => {
    const { user } = signInAs();
    addBrand(user, 'Shop');
    renderWithProviders(<ReportsListView />);
    const empty = await screen.findByRole('region', { name: 'No reports' });
    expect(empty).toHaveTextContent(MESSAGES.reports.listEmpty);
    expect(within(empty).getByRole('link', { name: 'Create report' })).toHaveAttribute(
      'href',
      '/reports/create',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loading state, then a failed list with Try again', async () => {
    signInAs();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/reports', () =>
        HttpResponse.json({ message: 'DB down', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    const view = renderWithProviders(<ReportsListView />);
    expect(screen.getByRole('status', { name: 'Loading reports' })).toBeInTheDocument();
    const message = MESSAGES.reports.failedToGetReports('DB down');
    await waitFor(() => expect(toasts()).toHaveTextContent(message));

    server.resetHandlers();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'No reports' })).toBeInTheDocument();
  });
});
