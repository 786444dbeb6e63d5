import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SegmentDetailsView } from '@/features/segments/components/segment-details-view';
import { formatDateTime } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { setRoute } from '../setup/router';
import { aMember, fakeSegmentsApi } from './segments-fake-api';
import { renderWithProviders, signedInWithBrand } from './test-utils';

let api: ReturnType<typeof fakeSegmentsApi>;
beforeEach(() => {
  const brand = signedInWithBrand();
  api = fakeSegmentsApi(brand.id);
});

const computed = new Date(Date.UTC(2026, 10, 22, 7, 15)).toISOString();
function openSegment() {
  const vip = api.add({ name: 'VIP' });
  const segment = api.add({
    name: 'Pro buyers',
    member_count: 25,
    computed_at: computed,
    definition: {
      operator: 'AND',
      conditions: [
        { type: 'customer', customer_key: 'plan', condition_type: 'exact', value: 'pro' },
        {
          type: 'group',
          operator: 'OR',
          conditions: [
            { type: 'segment', segment_id: vip.id, negate: true },
            {
              type: 'event',
              event_id: null,
              event_code: 'checkout',
              frequency: { condition_type: 'at_least', value: 2 },
              timeframe: { condition_type: 'in_the_last', value: 30, unit: 'days' },
              attribute_conditions: [],
              attribute_condition_operator: 'AND',
            },
          ],
        },
      ],
    },
  });
  api.members.set(
    segment.id,
    Array.from({ length: 25 }, (_, i) => aMember(i + 1)),
  );
  setRoute('/segments/[id]', { id: String(segment.id) });
  return segment;
}

describe('SegmentDetailsView (/segments/[id])', () => {
  it('shows the rules read-only and the count with when it was computed', async () => {
    openSegment();
    renderWithProviders(<SegmentDetailsView />);
    expect(await screen.findByRole('heading', { name: 'Pro buyers' })).toBeInTheDocument();
    expect(
      screen.getByText(`25 members · computed ${formatDateTime(computed)}`),
    ).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Rules' });
    expect(rules).toHaveTextContent('plan exact pro');
    await waitFor(() => expect(rules).toHaveTextContent('Not in segment VIP'));
    expect(rules).toHaveTextContent('Event checkout, at least 2 times, in the last 30 days');
    expect(within(rules).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rules).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('counts from the members answer, always current, when the stored count is older or missing', async () => {
    const segment = openSegment();
    Object.assign(segment, { member_count: null, computed_at: null });
    const now = new Date(Date.UTC(2026, 10, 28, 23, 0)).toISOString();
    api.state.membersComputedAt = now;
    renderWithProviders(<SegmentDetailsView />);
    expect(
      await screen.findByText(`25 members · computed ${formatDateTime(now)}`),
    ).toBeInTheDocument();
  });

  it('pages the members, each linking to its customer profile', async () => {
    openSegment();
    const { user } = renderWithProviders(<SegmentDetailsView />);
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(20);
    expect(within(table).getByRole('link', { name: 'customer_3' })).toHaveAttribute(
      'href',
      '/customer-profiles/3',
    );
    await user.click(screen.getByRole('button', { name: /load more/i }));
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(25));
    expect(api.calls.filter((c) => c.path.endsWith('/members')).map((c) => c.query.cursor)).toEqual(
      [undefined, '20'],
    );
  });

  it('exports every member through a signed link the browser downloads itself', async () => {
    const segment = openSegment();
    URL.createObjectURL = vi.fn(() => 'blob:members');
    const opened: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      opened.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const { user } = renderWithProviders(<SegmentDetailsView />);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const path = `/v1/segments/${segment.id}/members?format=csv`;
    expect(link).toHaveAttribute('href', path);
    await user.click(link);
    await waitFor(() => expect(opened).toHaveLength(1));
    // The signed link is opened as a download: no file is fetched into the page.
    expect(opened[0]).toEqual({
      href: `${path}&download_token=signed-${path.length}`,
      download: 'pro-buyers-members.csv',
    });
    expect(api.calls.filter((c) => c.path === '/v1/download-links').map((c) => c.body)).toEqual([
      { path },
    ]);
    expect(api.calls.some((c) => c.query.format === 'csv')).toBe(false);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(link).not.toHaveAttribute('aria-busy');
    click.mockRestore();
  });

  it('says so when no download link can be made', async () => {
    openSegment();
    api.state.downloadLinkFails = true;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<SegmentDetailsView />);
    await user.click(await screen.findByRole('link', { name: 'Export CSV' }));
    expect(
      await screen.findByText(MESSAGES.segments.failedToExport('links are down')),
    ).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });

  it('says when the segment does not exist', async () => {
    setRoute('/segments/[id]', { id: '999' });
    renderWithProviders(<SegmentDetailsView />);
    expect(await screen.findByText(MESSAGES.segments.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Segments' })).toHaveAttribute(
      'href',
      '/segments',
    );
  });
});
