import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FlowReportView } from '@/features/flows/components/report/flow-report-view';
import { formatCount } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { addFlow, mockFlowReport } from '../mocks/flows.handlers';
import { server } from '../mocks/node';
import { mockRouter, setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';
import { aFlow, aStep } from '../fixtures/flows';

const ROUTE = '/flows/[id]/report';
const CHART = 'Views, completions and dismissals over time';

/** A signed-in owner's two-step tour created 2025-12-01, the report's route on it. */
function seedTour(query: Record<string, string> = {}) {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  const flow = addFlow(
    aFlow({
      brand_id: brand.id,
      name: 'Onboarding',
      steps: [aStep({ id: 's1' }), aStep({ id: 's2', type: 'banner' })],
    }),
  );
  flow.created_at = '2025-12-01T09:00:00.000Z';
  setRoute(ROUTE, { id: String(flow.id), ...query });
  return flow;
}

/** Query strings of the report calls, in order. */
const calls: Record<string, string>[] = [];
const record = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  if (/^\/v1\/flows\/\d+\/report$/.test(url.pathname))
    calls.push(Object.fromEntries(url.searchParams));
};

type Url = { pathname: string; query: Record<string, string> };
/** The URL the page last asked for (the mock router only records router.replace). */
const lastUrl = () => (mockRouter.replace.mock.lastCall as unknown as [Url, undefined, object])[0];
/** What the real router does after a shallow replace: the new query, the page renders again. */
function followUrl(rerender: (ui: ReactElement) => void) {
  const { query } = lastUrl();
  act(() => {
    mockRouter.query = query;
  });
  rerender(<FlowReportView />);
}

const preset = () => screen.getByRole('combobox', { name: 'Date range' });
const granularity = () => screen.getByRole('combobox', { name: 'Group by' });
/** Rows of the chart's number table, without its header. */
const chartRows = () =>
  within(screen.getByRole('table', { name: CHART })).getAllByRole('row').length - 1;

describe('FlowReportView: date range and granularity', () => {
  beforeEach(() => {
    calls.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
  });

  it('asks again with the chosen preset and granularity, kept in the URL', async () => {
    const flow = seedTour();
    const id = String(flow.id);
    const { user, rerender } = renderWithProviders(<FlowReportView />);
    await screen.findByRole('group', { name: 'Views' });
    expect(preset()).toHaveValue('past_30_day');
    expect(granularity()).toHaveValue('day');
    expect(calls).toEqual([{ date_preset: 'past_30_day', granularity: 'day' }]);
    expect(chartRows()).toBe(30);

    await user.selectOptions(preset(), 'Past 7 days');
    expect(mockRouter.replace).toHaveBeenLastCalledWith(
      { pathname: ROUTE, query: { id, date_preset: 'past_7_day' } },
      undefined,
      { shallow: true },
    );
    followUrl(rerender);
    await waitFor(() => expect(chartRows()).toBe(7));
    expect(calls.at(-1)).toEqual({ date_preset: 'past_7_day', granularity: 'day' });
    expect(preset()).toHaveValue('past_7_day');

    await user.selectOptions(granularity(), 'Month');
    expect(lastUrl().query).toEqual({ id, date_preset: 'past_7_day', granularity: 'month' });
    followUrl(rerender);
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ date_preset: 'past_7_day', granularity: 'month' }),
    );
    // Seven days fall into one or two months.
    await waitFor(() => expect(chartRows()).toBeLessThanOrEqual(2));
    expect(screen.getByRole('columnheader', { name: 'Month' })).toBeInTheDocument();

    await user.selectOptions(preset(), 'All time');
    expect(lastUrl().query).toEqual({ id, date_preset: 'all_times', granularity: 'month' });
    followUrl(rerender);
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ date_preset: 'all_times', granularity: 'month' }),
    );

    // Back to the defaults: the URL is the plain route again.
    await user.selectOptions(preset(), 'Past 30 days');
    followUrl(rerender);
    await user.selectOptions(granularity(), 'Day');
    expect(lastUrl().query).toEqual({ id });
  });

  it('keeps the choices of the URL on a reload', async () => {
    seedTour({ date_preset: 'past_7_day', granularity: 'week' });
    renderWithProviders(<FlowReportView />);
    await screen.findByRole('group', { name: 'Views' });
    expect(preset()).toHaveValue('past_7_day');
    expect(granularity()).toHaveValue('week');
    expect(calls).toEqual([{ date_preset: 'past_7_day', granularity: 'week' }]);
    expect(screen.getByRole('columnheader', { name: 'Week starting' })).toBeInTheDocument();
  });

  it('applies a custom range only once both dates are valid and in order', async () => {
    const flow = seedTour();
    const id = String(flow.id);
    const { user, rerender } = renderWithProviders(<FlowReportView />);
    await screen.findByRole('group', { name: 'Views' });

    await user.selectOptions(preset(), 'Custom range');
    expect(lastUrl().query).toEqual({ id, date_preset: 'custom_range' });
    followUrl(rerender);
    expect(screen.getByText('Choose the From and To dates of the range.')).toBeVisible();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('');

    const replaced = mockRouter.replace.mock.calls.length;
    fireEvent.change(from, { target: { value: '2026-01-10' } });
    fireEvent.change(to, { target: { value: '2026-01-05' } });
    expect(to).toHaveAccessibleDescription(MESSAGES.flows.reportRangeOrder);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(mockRouter.replace.mock.calls.length).toBe(replaced);
    expect(calls.some((c) => c.date_preset === 'custom_range')).toBe(false);

    fireEvent.change(to, { target: { value: '2026-01-12' } });
    expect(to).not.toHaveAttribute('aria-invalid');
    expect(lastUrl().query).toEqual({
      id,
      date_preset: 'custom_range',
      from: '2026-01-10',
      to: '2026-01-12',
    });
    followUrl(rerender);
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        date_preset: 'custom_range',
        from: '2026-01-10',
        to: '2026-01-12',
        granularity: 'day',
      }),
    );
    await waitFor(() => expect(chartRows()).toBe(3));
    const expected = mockFlowReport(flow, {
      date_preset: 'custom_range',
      from: '2026-01-10',
      to: '2026-01-12',
    });
    expect(screen.getByRole('group', { name: 'Views' })).toHaveTextContent(
      formatCount(expected.totals.views),
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-10');

    // Another preset drops the dates.
    await user.selectOptions(preset(), 'Past 7 days');
    expect(lastUrl().query).toEqual({ id, date_preset: 'past_7_day' });
  });

  it('names a date that is not one', async () => {
    seedTour({ date_preset: 'custom_range' });
    renderWithProviders(<FlowReportView />);
    const from = await screen.findByLabelText('From');
    // A browser without a date picker shows a text field, which can hold anything.
    from.setAttribute('type', 'text');
    fireEvent.change(from, { target: { value: '2026-02-30' } });
    expect(from).toHaveAccessibleDescription(MESSAGES.flows.reportFromDate);
    expect(mockRouter.replace).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
