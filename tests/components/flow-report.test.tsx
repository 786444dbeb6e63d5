import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowsView } from '@/features/flows/components/flows-view';
import { FlowReportView } from '@/features/flows/components/report/flow-report-view';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import { MESSAGES } from '@/lib/messages';
import { routeFor } from '@/lib/routes';
import { useBrandStore } from '@/stores/brand';
import FlowReportPage from '@/pages/flows/[id]/report';
import { createBrand, createUser } from '../mocks/db';
import { addFlow } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';
import { aFlow, aStep } from '../fixtures/flows';

const CHART = 'Views, completions and dismissals over time';
const toasts = () => document.querySelector('.Toastify');

/** A signed-in owner's three-step tour, created 2025-12-01, with the report's route on it. */
function seedTour(query: Record<string, string> = {}, createdAt = '2025-12-01T09:00:00.000Z') {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const flow = addFlow(
    aFlow({
      brand_id: brand.id,
      name: 'Onboarding',
      steps: [
        aStep({ id: 's1' }),
        aStep({ id: 's2', type: 'tool_tip' }),
        aStep({ id: 's3', type: 'banner' }),
      ],
    }),
  );
  flow.created_at = createdAt;
  setRoute('/flows/[id]/report', { id: String(flow.id), ...query });
  return flow;
}

/** A fixed answer, to check every figure on the page. */
const REPORT: FlowReport = {
  totals: {
    views: 1520,
    unique_viewers: 830,
    completions: 612,
    unique_completions: 540,
    completion_rate: 612 / 1520,
    dismissals: 455,
    target_missing: 12,
  },
  series: [
    { bucket: '2026-01-05', views: 500, completions: 200, dismissals: 150 },
    { bucket: '2026-01-06', views: 700, completions: 280, dismissals: 205 },
    { bucket: '2026-01-07', views: 320, completions: 132, dismissals: 100 },
  ],
  steps: [
    { step_id: 's1', index: 0, type: 'modal', views: 1520, unique_viewers: 830, drop_off: 0 },
    {
      step_id: 's2',
      index: 1,
      type: 'tool_tip',
      views: 1140,
      unique_viewers: 600,
      drop_off: 0.2771,
    },
    { step_id: 's3', index: 2, type: 'banner', views: 380, unique_viewers: 410, drop_off: 0.31667 },
  ],
};

const card = (name: string) => screen.getByRole('group', { name });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('FlowReportView (/flows/[id]/report)', () => {
  beforeEach(() => setRoute('/flows/[id]/report'));

  it('shows the totals, the chart and the step funnel of the report', async () => {
    seedTour();
    server.use(http.get('*/v1/flows/:id/report', () => HttpResponse.json({ data: REPORT })));
    renderWithProviders(<FlowReportView />);
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeVisible();
    await screen.findByRole('group', { name: 'Views' });

    expect(card('Views')).toHaveTextContent('1.5K');
    expect(within(card('Views')).getByTitle('1,520')).toBeVisible();
    expect(card('Unique viewers')).toHaveTextContent('830');
    expect(card('Completions')).toHaveTextContent('612');
    expect(card('Completions')).toHaveTextContent('540 unique');
    expect(card('Completion rate')).toHaveTextContent('40.26%');
    expect(card('Dismissals')).toHaveTextContent('455');
    expect(card('Target missing')).toHaveTextContent('12');
    expect(screen.getByText(/A view is a session started/)).toHaveTextContent(
      /Unique viewers counts distinct visitors/,
    );

    const chart = screen.getByRole('img', { name: CHART });
    expect(chart).toHaveAccessibleDescription(
      'Views: 1,520 in total, at most 700 (06-01-2026). Completions: 612 in total, at most 280 ' +
        '(06-01-2026). Dismissals: 455 in total, at most 205 (06-01-2026).',
    );
    expect(chart.querySelectorAll('polyline')).toHaveLength(3);
    const numbers = within(screen.getByRole('table', { name: CHART })).getAllByRole('row');
    expect(numbers.map((r) => r.textContent)).toEqual([
      'DayViewsCompletionsDismissals',
      '05-01-2026500200150',
      '06-01-2026700280205',
      '07-01-2026320132100',
    ]);

    const funnel = within(screen.getByRole('table', { name: 'Step funnel' }));
    const rows = funnel.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Step 1',
      'Step 2',
      'Step 3',
    ]);
    expect(cells(rows[0]!)).toEqual(['Modal', '1.5K', '830', '0%']);
    expect(cells(rows[1]!)).toEqual(['Tooltip', '1.1K', '600', '27.71%']);
    expect(cells(rows[2]!)).toEqual(['Banner', '380', '410', '31.67%']);
    const bars = screen.getAllByTestId('funnel-bar');
    expect(bars[0]).toHaveStyle({ width: '100%' });
    expect(bars[1]).toHaveStyle({ width: '75%' });
    expect(bars[2]).toHaveStyle({ width: '25%' });

    expect(screen.getByRole('link', { name: 'All product tours' })).toHaveAttribute(
      'href',
      '/flows',
    );
  });

  it('shows the mock API report of a custom range from the URL', async () => {
    seedTour({ date_preset: 'custom_range', from: '2026-01-05', to: '2026-01-11' });
    renderWithProviders(<FlowReportView />);
    await screen.findByRole('group', { name: 'Views' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-11');
    // One row per day of the range, and the three steps in the funnel.
    expect(within(screen.getByRole('table', { name: CHART })).getAllByRole('row')).toHaveLength(8);
    expect(
      within(screen.getByRole('table', { name: 'Step funnel' })).getAllByRole('row'),
    ).toHaveLength(4);
  });

  it('shows a loading state, then says so when no one saw the tour in the range', async () => {
    // Created in March: nobody could have seen it in January.
    seedTour({ date_preset: 'custom_range', from: '2026-01-01', to: '2026-01-31' }, '2026-03-01');
    renderWithProviders(<FlowReportView />);
    expect(screen.getByRole('status', { name: 'Loading the report' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.flows.reportEmpty)).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Views' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: CHART })).not.toBeInTheDocument();
  });

  it('toasts a failed report with the server message and loads again on Try again', async () => {
    seedTour();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/flows/:id/report', () =>
        HttpResponse.json(
          { message: 'Report store down', status: 500, code: 'internal' },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderWithProviders(<FlowReportView />);
    const message = MESSAGES.flows.failedToGetReport('Report store down');
    await waitFor(() => expect(toasts()).toHaveTextContent(message));
    const alert = screen
      .getAllByRole('alert')
      .find((a) => !a.closest('.Toastify') && a.textContent?.includes(message));
    expect(alert).toBeDefined();

    server.resetHandlers();
    await user.click(within(alert!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Views' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says "Failed to get get tour" with the server message when the tour fails to load, and loads again on Try again', async () => {
    seedTour();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/flows/:id', () =>
        HttpResponse.json(
          { message: 'Database down', status: 500, code: 'internal' },
          { status: 500 },
        ),
      ),
    );
    const { user } = renderWithProviders(<FlowReportView />);
    const message = MESSAGES.flows.failedToGet('Database down');
    expect(message).toBe('Failed to get get tour: Database down');
    // The tour's load is retried once before it fails.
    await waitFor(() => expect(toasts()).toHaveTextContent(message), { timeout: 5_000 });
    const alert = screen
      .getAllByRole('alert')
      .find((a) => !a.closest('.Toastify') && a.textContent?.includes(message));
    expect(alert).toBeDefined();

    server.resetHandlers();
    await user.click(within(alert!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeVisible();
    expect(screen.queryByText(message, { selector: ':not(.Toastify *)' })).toBeNull();
  });

  it("shows not found, with a way back, for another account's tour", async () => {
    signInAs();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stranger = createUser({ email: 'other@example.com', name: 'Other' });
    const theirs = createBrand(stranger.id, { name: 'Theirs', domain: 'theirs.example.com' });
    const flow = addFlow(aFlow({ brand_id: theirs.id, name: 'Secret' }));
    setRoute('/flows/[id]/report', { id: String(flow.id) });
    renderWithProviders(<FlowReportView />);
    expect(await screen.findByText(MESSAGES.flows.notFound)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Product Tour' })).toHaveAttribute(
      'href',
      '/flows',
    );
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    expect(toasts()).not.toHaveTextContent(/Failed to get report/);
  });

  it("is where the list's Report link goes: the page loads the view", async () => {
    const flow = seedTour();
    useBrandStore.getState().setBrandId(flow.brand_id);
    setRoute('/flows');
    const list = renderWithProviders(<FlowsView />);
    const link = await screen.findByRole('link', { name: 'Report of Onboarding' });
    expect(link).toHaveAttribute('href', `/flows/${flow.id}/report`);
    list.unmount();

    expect(routeFor('/flows/[id]/report')).toMatchObject({
      breadcrumb: ['Product Tour', 'Report'],
      back: '/flows',
    });
    setRoute('/flows/[id]/report', { id: String(flow.id) });
    renderWithProviders(<FlowReportPage />);
    expect(await screen.findByRole('heading', { name: 'Onboarding' })).toBeVisible();
    expect(await screen.findByRole('img', { name: CHART })).toBeVisible();
  });

  it('shows not found for an id that is not one', async () => {
    signInAs();
    setRoute('/flows/[id]/report', { id: 'abc' });
    renderWithProviders(<FlowReportView />);
    expect(await screen.findByText(MESSAGES.flows.notFound)).toBeVisible();
  });
});
