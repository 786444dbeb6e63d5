import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportsDashboardView } from '@/features/reports/components/dashboard/reports-dashboard-view';
import { ReportDetailsView } from '@/features/reports/components/details/report-details-view';
import type {
  FunnelAnswer,
  ReportInput,
  RetentionAnswer,
  TrendAnswer,
} from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { db, type MockBrand } from '../mocks/db';
import { server } from '../mocks/node';
import { addReport } from '../mocks/reports.handlers';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const range = {
  from: '2026-11-02',
  to: '2026-11-04',
  time_zone: 'UTC',
  preset: 'custom_range' as const,
};

/** The query endpoint answers `answer` and records the bodies and query strings it was sent. */
function answerWith(answer: TrendAnswer | FunnelAnswer | RetentionAnswer) {
  const calls: { body: Record<string, unknown>; format: string | null }[] = [];
  server.use(
    http.post('*/v1/reports/query', async ({ request }) => {
      const format = new URL(request.url).searchParams.get('format');
      calls.push({ body: (await request.json()) as Record<string, unknown>, format });
      if (format === 'csv')
        return new HttpResponse('period,series\r\ncurrent,Orders\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      return HttpResponse.json({ data: answer });
    }),
  );
  return calls;
}

let brand: MockBrand;
let me: ReturnType<typeof signInAs>['user'];
const trendInput = (b: MockBrand, extra: Partial<ReportInput> = {}): ReportInput => ({
  brand_id: b.id,
  name: 'Orders per day',
  pinned: true,
  chart: { kind: 'table', stacked: false },
  query: {
    brand_id: b.id,
    type: 'trend',
    series: [{ event: 'Orders', measure: 'total' }],
    granularity: 'day',
    date_preset: 'past_7_day',
    compare: true,
  },
  ...extra,
});

describe('report views', () => {
  beforeEach(() => {
    me = signInAs().user;
    brand = addBrand(me, 'Shop');
    useBrandStore.getState().setBrandId(brand.id);
  });
  afterEach(() => useBrandStore.getState().setBrandId(null));

  it('a trend: totals with the change on the period before, the numbers per day, CSV of what is shown', async () => {
    const report = addReport(trendInput(brand));
    const points = (values: number[], from: number) =>
      values.map((value, i) => ({ bucket: `2026-11-${String(from + i).padStart(2, '0')}`, value }));
    const calls = answerWith({
      series: [
        {
          label: 'Orders',
          event: 'Orders',
          measure: 'total',
          total: 1500,
          points: points([500, 400, 600], 2),
        },
      ],
      previous: [
        {
          label: 'Orders',
          event: 'Orders',
          measure: 'total',
          total: 1000,
          points: points([300, 300, 400], 30),
        },
      ],
      range,
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    setRoute('/reports/[id]', { id: String(report.id) });
    const { user } = renderWithProviders(<ReportDetailsView />);

    expect(await screen.findByRole('heading', { name: 'Orders per day' })).toBeInTheDocument();
    const totals = await screen.findByRole('list', { name: 'Totals' });
    expect(totals).toHaveTextContent('1.5K');
    expect(totals).toHaveTextContent('+50% on the period before');
    const table = screen.getByRole('table', { name: 'The trend per period' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'PeriodOrdersOrders (period before)',
      '02-11-2026500300',
      '03-11-2026400300',
      '04-11-2026600400',
    ]);
    expect(calls[0]!.body).toMatchObject({
      type: 'trend',
      date_preset: 'past_7_day',
      compare: true,
    });

    // Another range is asked for without being saved.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'week');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ granularity: 'week' }));
    expect(db.reports[0]!.query).toMatchObject({ granularity: 'day' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const csvCall = calls.find((c) => c.format === 'csv')!;
    expect(csvCall.body).toMatchObject({ granularity: 'week' });
  });

  it('pins and unpins, and deletes after a confirmation', async () => {
    const report = addReport(trendInput(brand, { pinned: false }));
    answerWith({ series: [], range });
    setRoute('/reports/[id]', { id: String(report.id) });
    const { user } = renderWithProviders(<ReportDetailsView />);

    await user.click(await screen.findByRole('button', { name: 'Pin to dashboard' }));
    await waitFor(() => expect(db.reports[0]!.pinned).toBe(true));
    expect(await screen.findByRole('button', { name: 'Unpin from dashboard' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(dialog).toHaveTextContent(MESSAGES.reports.deleteConfirm('Orders per day'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.reports).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(db.reports).toHaveLength(0));
    expect(mockRouter.push).toHaveBeenCalledWith('/reports/list');
  });

  it('a funnel: conversion, median time, and who dropped, linked to their profiles', async () => {
    const report = addReport({
      brand_id: brand.id,
      name: 'Sign-up to order',
      query: {
        brand_id: brand.id,
        type: 'funnel',
        steps: [{ event: 'Signed Up' }, { event: 'Order Placed' }],
        window: { value: 7, unit: 'day' },
        date_preset: 'past_30_day',
      },
    });
    answerWith({
      steps: [
        {
          event: 'Signed Up',
          count: 100,
          conversion_from_start: 1,
          conversion_from_previous: 1,
          median_time_to_convert_ms: null,
        },
        {
          event: 'Order Placed',
          count: 40,
          conversion_from_start: 0.4,
          conversion_from_previous: 0.4,
          median_time_to_convert_ms: 2 * 3_600_000 + 5 * 60_000,
        },
      ],
      range,
    });
    const asked: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v1/reports/funnel-customers', async ({ request }) => {
        asked.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          data: {
            customers: [
              { customer_key: 'ada', profile_id: 7 },
              { customer_key: 'bob', profile_id: null },
            ],
          },
        });
      }),
    );
    setRoute('/reports/[id]', { id: String(report.id) });
    const { user } = renderWithProviders(<ReportDetailsView />);

    const steps = await screen.findByRole('list', { name: 'Funnel steps' });
    expect(
      screen.getByText(/of 100 customers went from Signed Up to Order Placed/),
    ).toHaveTextContent('40%');
    expect(steps).toHaveTextContent('40% from step 1 · median 2 h 5 min');
    await user.click(within(steps).getByRole('button', { name: /60 dropped/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Dropped before step 2: Order Placed',
    });
    expect(await within(dialog).findByRole('link', { name: 'ada' })).toHaveAttribute(
      'href',
      '/customer-profiles/7',
    );
    expect(within(dialog).getByText('bob')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ step: 1, outcome: 'dropped', type: 'funnel' });
  });

  it('a retention grid: the share that came back per period, empty cells for periods to come', async () => {
    const report = addReport({
      brand_id: brand.id,
      name: 'Weekly return',
      query: {
        brand_id: brand.id,
        type: 'retention',
        start_event: 'Signed Up',
        return_event: 'Order Placed',
        period: 'week',
        intervals: 3,
        date_preset: 'past_30_day',
      },
    });
    answerWith({
      cohorts: [
        { cohort: '2026-11-02', size: 4, returned: [4, 2, 1] },
        { cohort: '2026-11-09', size: 3, returned: [3, 1] },
        { cohort: '2026-11-16', size: 0, returned: [0] },
      ],
      range,
    });
    setRoute('/reports/[id]', { id: String(report.id) });
    renderWithProviders(<ReportDetailsView />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([[], ['4', '100%', '50%', '25%'], ['3', '100%', '33.33%', ''], ['0', '-', '', '']]);
    expect(within(rows[1]!).getByText('50%')).toHaveAttribute('title', '2 of 4');
  });

  it("a dashboard shows the product's pinned reports only, another product's with ?pid", async () => {
    const other = addBrand(me, 'Blog');
    addReport(trendInput(brand, { name: 'Pinned on Shop' }));
    addReport(trendInput(brand, { name: 'Not pinned', pinned: false }));
    addReport(trendInput(other, { name: 'Pinned on Blog' }));
    answerWith({ series: [], range });
    setRoute('/reports/dashboard');
    const first = renderWithProviders(<ReportsDashboardView />);
    const cards = await screen.findByRole('list', { name: 'Pinned reports' });
    expect(
      within(cards)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Pinned on Shop']);
    expect(screen.getByRole('heading', { name: 'Dashboard: Shop' })).toBeInTheDocument();
    first.unmount();

    setRoute('/reports/dashboard', { pid: String(other.id) });
    renderWithProviders(<ReportsDashboardView />);
    const blog = await screen.findByRole('list', { name: 'Pinned reports' });
    expect(within(blog).getByRole('link', { name: 'Pinned on Blog' })).toBeInTheDocument();
  });

  it('an empty dashboard invites to create a report; a failed one offers Try again', async () => {
    setRoute('/reports');
    const first = renderWithProviders(<ReportsDashboardView />);
    expect(await screen.findByText(/No reports on this dashboard yet/)).toBeInTheDocument();
    first.unmount();

    let fail = true;
    server.use(
      http.get('*/v1/reports', () =>
        fail
          ? HttpResponse.json({ message: 'Boom', status: 500, code: 'internal' }, { status: 500 })
          : HttpResponse.json({ data: { data: [], total: 0, nextCursor: null } }),
      ),
    );
    const { user } = renderWithProviders(<ReportsDashboardView />);
    expect(
      await screen.findByText(MESSAGES.reports.failedToGetReports('Boom')),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No reports on this dashboard yet/)).toBeInTheDocument();
  });
});
