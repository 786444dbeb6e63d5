import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LiveCount } from '@/features/segments/components/live-count';
import type { SegmentDefinitionInput } from '@/lib/contracts/segments';
import { server } from '../mocks/node';
import { renderWithProviders, signInAs } from './test-utils';

/**
 * The builder's live count over a large product (docs/segments.md, "Preview"): the server's
 * estimate with its interval and Count exactly, whose answer replaces it; an edit drops (and
 * aborts) a running exact count and is counted at once.
 */

const plan = (value: string): SegmentDefinitionInput => ({
  operator: 'AND',
  conditions: [{ type: 'customer', customer_key: 'plan', condition_type: 'exact', value }],
});

interface Asked {
  body: { definition: SegmentDefinitionInput; exact?: boolean };
  signal: AbortSignal;
}
let asked: Asked[];
let release: () => void;
/** Hold the estimates of this plan's definition at the gate too. */
let holdPlan: string | null;

beforeEach(() => {
  signInAs();
  asked = [];
  holdPlan = null;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  release = () => open();
  server.use(
    http.post('*/v1/segments/preview', async ({ request }) => {
      const body = (await request.clone().json()) as Asked['body'];
      asked.push({ body, signal: request.signal });
      const value = (body.definition.conditions[0] as { value: string }).value;
      if (body.exact || value === holdPlan) {
        // The exact count takes as long as the test wants.
        await gate;
        return HttpResponse.json({
          data: { count: value === 'pro' ? 12_345 : 99, sample: [], exact: true, took_ms: 9_000 },
        });
      }
      return HttpResponse.json({
        data:
          value === 'pro'
            ? { count: 12_300, sample: [], exact: false, ci95: [11_900, 12_700], took_ms: 2_010 }
            : { count: 4_000, sample: [], exact: false, ci95: [3_800, 4_200], took_ms: 2_010 },
      });
    }),
  );
});

const liveCount = () => screen.getByRole('status', { name: 'Live count' });

describe('LiveCount of a large product', () => {
  it('shows the estimate with its interval, and the exact count once asked', async () => {
    const { user } = renderWithProviders(<LiveCount brandId={7} definition={plan('pro')} />);
    await waitFor(() =>
      expect(liveCount()).toHaveTextContent('About 12,300 customers match (95%: 11,900–12,700)'),
    );
    expect(asked.map((a) => a.body.exact)).toEqual([undefined]);

    await user.click(within(liveCount()).getByRole('button', { name: 'Count exactly' }));
    await waitFor(() => expect(liveCount()).toHaveTextContent('Counting exactly…'));
    // The estimate stays while the exact count runs.
    expect(liveCount()).toHaveTextContent('About 12,300 customers match');
    expect(asked.at(-1)?.body).toEqual({ brand_id: 7, definition: plan('pro'), exact: true });

    release();
    await waitFor(() => expect(liveCount()).toHaveTextContent(/^12,345 customers match$/));
    expect(within(liveCount()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('an edit aborts the running exact count and is estimated without waiting for it', async () => {
    const { user, rerender } = renderWithProviders(
      <LiveCount brandId={7} definition={plan('pro')} />,
    );
    await user.click(await within(liveCount()).findByRole('button', { name: 'Count exactly' }));
    await waitFor(() => expect(liveCount()).toHaveTextContent('Counting exactly…'));
    const exact = asked.at(-1)!;
    expect(exact.body.exact).toBe(true);

    rerender(<LiveCount brandId={7} definition={plan('free')} />);
    await waitFor(() => expect(exact.signal.aborted).toBe(true));
    await waitFor(() =>
      expect(liveCount()).toHaveTextContent('About 4,000 customers match (95%: 3,800–4,200)'),
    );
    expect(within(liveCount()).getByRole('button', { name: 'Count exactly' })).toBeEnabled();
    release();
    // The old definition's exact count, had it answered, is not shown for the new one.
    await new Promise((r) => setTimeout(r, 50));
    expect(liveCount()).toHaveTextContent('About 4,000 customers match');
    expect(asked.filter((a) => a.body.exact).length).toBe(1);
  });

  it('a request of a definition edited since is aborted', async () => {
    holdPlan = 'pro';
    const { rerender } = renderWithProviders(<LiveCount brandId={7} definition={plan('pro')} />);
    await waitFor(() => expect(asked).toHaveLength(1));
    rerender(<LiveCount brandId={7} definition={plan('free')} />);
    await waitFor(() => expect(asked[0].signal.aborted).toBe(true));
    await waitFor(() => expect(liveCount()).toHaveTextContent('About 4,000 customers match'));
  });

  it('an exact answer needs no Count exactly', async () => {
    server.use(
      http.post('*/v1/segments/preview', () =>
        HttpResponse.json({ data: { count: 3, sample: [], exact: true, took_ms: 4 } }),
      ),
    );
    renderWithProviders(<LiveCount brandId={7} definition={plan('pro')} />);
    await waitFor(() => expect(liveCount()).toHaveTextContent(/^3 customers match$/));
    expect(within(liveCount()).queryByRole('button')).not.toBeInTheDocument();
  });
});
