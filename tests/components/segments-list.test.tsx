import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SegmentsView } from '@/features/segments/components/segments-view';
import { formatDateTime } from '@/lib/format';
import { setRoute } from '../setup/router';
import { fakeSegmentsApi } from './segments-fake-api';
import { renderWithProviders, signedInWithBrand } from './test-utils';

const table = () => screen.getByRole('table', { name: 'Segments' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('SegmentsView (/segments)', () => {
  let api: ReturnType<typeof fakeSegmentsApi>;
  beforeEach(() => {
    setRoute('/segments');
    const brand = signedInWithBrand();
    api = fakeSegmentsApi(brand.id);
  });

  it('lists name, member count, when it was computed and updated; each name opens its details', async () => {
    const computed = new Date(Date.UTC(2026, 10, 21, 8, 30)).toISOString();
    const pro = api.add({ name: 'Pro buyers', member_count: 1234, computed_at: computed });
    api.add({ name: 'Churn risk' });
    renderWithProviders(<SegmentsView />);

    await screen.findByRole('table', { name: 'Segments' });
    expect(names()).toEqual(['Churn risk', 'Pro buyers']);
    const row = within(table()).getByRole('link', { name: 'Pro buyers' }).closest('tr')!;
    expect(within(row).getByText('1,234')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime(computed))).toBeInTheDocument();
    expect(within(table()).getByRole('link', { name: 'Pro buyers' })).toHaveAttribute(
      'href',
      `/segments/${pro.id}`,
    );
    expect(within(row).getByRole('link', { name: 'Edit Pro buyers' })).toHaveAttribute(
      'href',
      `/segments/edit/${pro.id}`,
    );
    const churn = within(table()).getByRole('link', { name: 'Churn risk' }).closest('tr')!;
    expect(within(churn).getByText('Not counted yet')).toBeInTheDocument();
  });

  it('searches by name on the server and pages with Load more', async () => {
    for (let i = 1; i <= 25; i += 1) api.add({ name: `Segment ${String(i).padStart(2, '0')}` });
    api.add({ name: 'Pro buyers' });
    const { user } = renderWithProviders(<SegmentsView />);

    await screen.findByRole('table', { name: 'Segments' });
    expect(names()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(names()).toHaveLength(26));

    await user.type(screen.getByRole('searchbox', { name: 'Search segments' }), 'pro');
    await waitFor(() => expect(names()).toEqual(['Pro buyers']));
    expect(api.calls.some((c) => c.path === '/v1/segments' && c.query.search === 'pro')).toBe(true);
  });

  it('leads an empty product to create its first segment', async () => {
    renderWithProviders(<SegmentsView />);
    const empty = await screen.findByRole('region', { name: 'No segments' });
    expect(within(empty).getByRole('link', { name: 'Create segment' })).toHaveAttribute(
      'href',
      '/segments/add',
    );
  });

  it('deletes only after confirmation', async () => {
    const doomed = api.add({ name: 'Old promo' });
    api.add({ name: 'Keep me' });
    const { user } = renderWithProviders(<SegmentsView />);
    await screen.findByRole('table', { name: 'Segments' });

    await user.click(screen.getByRole('button', { name: 'Delete Old promo' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Old promo');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(names()).toEqual(['Keep me']));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/v1/segments/${doomed.id}`,
    ]);
  });

  it('says why a delete was refused (a tour targets the segment) and keeps the row', async () => {
    api.add({ name: 'Targeted' });
    api.state.deleteAnswer = { status: 409, message: 'The tour "Welcome" targets this segment.' };
    const { user } = renderWithProviders(<SegmentsView />);
    await screen.findByRole('table', { name: 'Segments' });
    await user.click(screen.getByRole('button', { name: 'Delete Targeted' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(/The tour "Welcome" targets this segment\./),
    ).toBeInTheDocument();
    expect(names()).toEqual(['Targeted']);
  });

  it('shows a Try again alert when the list cannot be loaded, and loads on Try again', async () => {
    api.add({ name: 'Pro buyers' });
    api.state.listFails = true;
    const { user } = renderWithProviders(<SegmentsView />);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    api.state.listFails = false;
    await user.click(retry);
    await screen.findByRole('table', { name: 'Segments' });
    expect(names()).toEqual(['Pro buyers']);
  });
});
