import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlowsView } from '@/features/flows/components/flows-view';
import {
  ListTargetHealth,
  TargetHealthBadge,
} from '@/features/flows/components/list/target-health-badge';
import { ReportTargetHealth } from '@/features/flows/components/report/report-target-health';
import type { TargetHealth } from '@/lib/contracts/target-health';
import { addFlow } from '../mocks/flows.handlers';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';
import { aFlow, aStep } from '../fixtures/flows';

/** Target health in the dashboard: the list's badge and the report's section (docs/flows.md). */

const tip = (id: string, selector: string) => ({
  ...aStep({ id, content: '<p>Tip</p>' }),
  type: 'tool_tip' as const,
  select_element: { url: 'https://shop.example.com/cart', selector },
});

describe('target health badge', () => {
  it.each([
    ['healthy', 'Target health: healthy', 'Healthy'],
    ['degraded', 'Target health: degraded', 'Degraded'],
    ['broken', 'Target health: broken', 'Broken'],
    ['unknown', 'Target health: no data', 'No data'],
  ] as const)('%s is named "%s"', (status, name, text) => {
    render(<TargetHealthBadge status={status} />);
    expect(screen.getByRole('img', { name })).toHaveTextContent(text);
  });

  it('the list shows nothing without data or for a draft', () => {
    const { container } = render(
      <>
        <ListTargetHealth status="unknown" />
        <ListTargetHealth />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('the tours list shows a broken tour as "Target health: broken"', async () => {
    setRoute('/flows');
    const brand = signedInWithBrand();
    addFlow(
      aFlow({
        brand_id: brand.id,
        name: 'Lost tip',
        steps: [tip('a', '#missing-buy')],
        publish: true,
      }),
    );
    addFlow(
      aFlow({ brand_id: brand.id, name: 'Good tip', steps: [tip('b', '#buy')], publish: true }),
    );
    addFlow(aFlow({ brand_id: brand.id, name: 'Draft tip', steps: [tip('c', '#missing')] }));
    renderWithProviders(<FlowsView />);
    const table = await screen.findByRole('table', { name: 'Product tours' });
    const row = (name: string) =>
      within(table).getByRole('link', { name }).closest('tr') as HTMLElement;
    expect(
      await within(row('Lost tip')).findByRole('img', { name: 'Target health: broken' }),
    ).toBeInTheDocument();
    expect(
      within(row('Good tip')).getByRole('img', { name: 'Target health: healthy' }),
    ).toBeInTheDocument();
    expect(within(row('Draft tip')).queryByRole('img', { name: /Target health/ })).toBeNull();
  });
});

describe('report target health section', () => {
  const health: TargetHealth = {
    status: 'broken',
    steps: [
      {
        step_id: 'a',
        status: 'broken',
        selector: '#buy',
        views: 40,
        missing: 30,
        last_found_at: '2026-11-27T10:00:00.000Z',
        pages: ['https://shop.example.com/cart'],
      },
      {
        step_id: 'b',
        status: 'unknown',
        selector: '.plan',
        views: 0,
        missing: 0,
        last_found_at: null,
        pages: [],
      },
    ],
    pause_when_broken: false,
  };

  it('lists selector, pages, counts and the last time found', () => {
    render(<ReportTargetHealth health={health} />);
    const section = screen.getByRole('region', { name: /Target health/ });
    expect(within(section).getAllByRole('img', { name: 'Target health: broken' })).toHaveLength(2);
    const rows = within(within(section).getByRole('table', { name: 'Target health' })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('#buy');
    expect(rows[1]).toHaveTextContent('https://shop.example.com/cart');
    expect(rows[1]).toHaveTextContent('40');
    expect(rows[1]).toHaveTextContent('30');
    expect(rows[1]).not.toHaveTextContent('Never');
    expect(rows[2]).toHaveTextContent('.plan');
    expect(rows[2]).toHaveTextContent('Any page');
    expect(rows[2]).toHaveTextContent('Never');
  });

  it('saves "Pause automatically when broken"', async () => {
    const brand = signedInWithBrand();
    const flow = addFlow(
      aFlow({ brand_id: brand.id, name: 'Lost tip', steps: [tip('a', '#missing')], publish: true }),
    );
    const { user } = renderWithProviders(
      <ReportTargetHealth health={{ ...health, pause_when_broken: false }} flowId={flow.id} />,
    );
    const box = screen.getByRole('checkbox', { name: /Pause automatically when broken/ });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(box).toBeEnabled();
    expect((flow as typeof flow & { pause_when_broken?: boolean }).pause_when_broken).toBe(true);
  });

  it('renders nothing without steps that target an element', () => {
    const { container } = render(
      <>
        <ReportTargetHealth health={undefined} />
        <ReportTargetHealth health={{ status: 'unknown', steps: [], pause_when_broken: false }} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
