import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartPoint, ChartSeries } from './line-chart';
import { LazyTrendChart } from './lazy-trend-chart';
import { TrendChart } from './trend-chart';

/** A stand-in for uPlot (jsdom has no canvas): records what the chart asks of it. */
const fake = vi.hoisted(() => {
  interface Opts {
    width: number;
    series: { show?: boolean }[];
    bands?: unknown[];
    hooks: { setCursor: ((u: unknown) => void)[] };
  }
  const instances: FakePlot[] = [];
  class FakePlot {
    static paths = { bars: () => () => null };
    opts: Opts;
    data: number[][];
    series: { show: boolean }[];
    width: number;
    over = { offsetLeft: 40, offsetWidth: 500 };
    cursor: { idx?: number | null; left?: number } = {};
    setData = vi.fn((data: number[][]) => {
      this.data = data;
    });
    setSeries = vi.fn((i: number, o: { show: boolean }) => {
      this.series[i]!.show = o.show;
    });
    addBand = vi.fn();
    delBand = vi.fn();
    setSize = vi.fn();
    destroy = vi.fn();
    batch = (fn: () => void) => fn();
    constructor(opts: Opts, data: number[][], target: HTMLElement) {
      this.opts = opts;
      this.data = data;
      this.width = opts.width;
      this.series = opts.series.map((s) => ({ show: s.show ?? true }));
      target.appendChild(document.createElement('canvas'));
      instances.push(this);
    }
    /** The mouse over category `idx`. */
    hover(idx: number | null) {
      this.cursor = { idx, left: idx === null ? -10 : 100 };
      this.opts.hooks.setCursor.forEach((hook) => hook(this));
    }
  }
  return { FakePlot, instances };
});
vi.mock('uplot', () => ({ default: fake.FakePlot }));

const series: ChartSeries[] = [
  { key: 'pro', label: 'Pro', color: '#2553e0' },
  { key: 'free', label: 'Free', color: '#16a34a' },
  { key: 'team', label: 'Team', color: '#ea580c' },
];
const points: ChartPoint[] = [
  { label: 'Mon', values: { pro: 1234, free: 10, team: 1 } },
  { label: 'Tue', values: { pro: 5, free: 20000, team: 0 } },
];
const props = { title: 'Sign-ups by plan', series, points, xLabel: 'Day', yLabel: 'Events' };

const legendButton = (name: string) =>
  within(screen.getByRole('list', { name: 'Legend' })).getByRole('button', { name });

const cellsOf = (rowName: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${rowName}`) }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  fake.instances.length = 0;
});

describe('TrendChart without a canvas', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('shows the legend and every number in the table, and no drawing', () => {
    render(<TrendChart {...props} kind="line" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Show the numbers')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Day', 'Pro', 'Free', 'Team']);
    expect(cellsOf('Mon')).toEqual(['1,234', '10', '1']);
    expect(cellsOf('Tue')).toEqual(['5', '20,000', '0']);
    expect(fake.instances).toHaveLength(0);
  });

  it('formats the table with formatValue', () => {
    render(<TrendChart {...props} kind="bar" formatValue={(v) => `${v} €`} />);
    expect(cellsOf('Mon')).toEqual(['1234 €', '10 €', '1 €']);
  });

  it('toggles a series with its legend button, by keyboard too', async () => {
    const user = userEvent.setup();
    render(<TrendChart {...props} kind="line" />);
    const free = legendButton('Free');
    expect(free).toHaveAttribute('aria-pressed', 'true');
    await user.click(free);
    expect(free).toHaveAttribute('aria-pressed', 'false');
    expect(legendButton('Pro')).toHaveAttribute('aria-pressed', 'true');
    await user.tab();
    expect(legendButton('Team')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(legendButton('Team')).toHaveAttribute('aria-pressed', 'false');
    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(free).toHaveAttribute('aria-pressed', 'true');
    // The table keeps every number whatever is hidden.
    expect(cellsOf('Tue')).toEqual(['5', '20,000', '0']);
  });

  it('never throws when getContext throws', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => {
      throw new Error('no canvas');
    });
    render(<TrendChart {...props} kind="bar" stacked />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(cellsOf('Mon')).toEqual(['1,234', '10', '1']);
  });
});

describe('TrendChart with a canvas', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      {} as CanvasRenderingContext2D,
    );
  });

  it('draws the series once and names the drawing with a summary', async () => {
    render(<TrendChart {...props} kind="line" dashedKeys={['team']} />);
    await waitFor(() => expect(fake.instances).toHaveLength(1));
    const plot = fake.instances[0]!;
    expect(plot.data).toEqual([
      [0, 1],
      [1234, 5],
      [10, 20000],
      [1, 0],
    ]);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Sign-ups by plan. Pro: 1,239 in total, at most 1,234 (Mon). Free: 20,010 in total, at most 20,000 (Tue). Team: 1 in total, at most 1 (Mon).',
    );
  });

  it('updates the data without re-creating the chart, and destroys it on unmount', async () => {
    const { rerender, unmount } = render(<TrendChart {...props} kind="line" />);
    await waitFor(() => expect(fake.instances).toHaveLength(1));
    const plot = fake.instances[0]!;
    // The same content in new arrays draws nothing new.
    rerender(<TrendChart {...props} series={[...series]} kind="line" />);
    expect(plot.setData).not.toHaveBeenCalled();
    const next = [{ label: 'Wed', values: { pro: 9, free: 8, team: 7 } }];
    rerender(<TrendChart {...props} points={next} kind="line" />);
    expect(plot.setData).toHaveBeenLastCalledWith([[0], [9], [8], [7]]);
    expect(fake.instances).toHaveLength(1);
    unmount();
    expect(plot.destroy).toHaveBeenCalledTimes(1);
  });

  it('re-creates the chart when it changes kind', async () => {
    const { rerender } = render(<TrendChart {...props} kind="line" />);
    await waitFor(() => expect(fake.instances).toHaveLength(1));
    rerender(<TrendChart {...props} kind="bar" stacked />);
    await waitFor(() => expect(fake.instances).toHaveLength(2));
    expect(fake.instances[0]!.destroy).toHaveBeenCalled();
    expect(fake.instances[1]!.data.slice(1)).toEqual([
      [1234, 5],
      [1244, 20005],
      [1245, 20005],
    ]);
  });

  it('hides a series from the legend and restacks the bars without it', async () => {
    render(<TrendChart {...props} kind="bar" stacked />);
    await waitFor(() => expect(fake.instances).toHaveLength(1));
    const plot = fake.instances[0]!;
    fireEvent.click(legendButton('Free'));
    expect(plot.setSeries).toHaveBeenCalledWith(2, { show: false });
    expect(plot.setData).toHaveBeenLastCalledWith([
      [0, 1],
      [1234, 5],
      [10, 20000],
      [1235, 5],
    ]);
    expect(plot.delBand).toHaveBeenCalledWith(null);
    expect(plot.addBand).toHaveBeenCalledWith({ series: [3, 1] });
    fireEvent.click(legendButton('Free'));
    expect(plot.setSeries).toHaveBeenLastCalledWith(2, { show: true });
    expect(fake.instances).toHaveLength(1);
  });

  it('reads out the values under the cursor, with the total of stacked bars', async () => {
    render(<TrendChart {...props} kind="bar" stacked />);
    await waitFor(() => expect(fake.instances).toHaveLength(1));
    const plot = fake.instances[0]!;
    act(() => plot.hover(1));
    const readout = screen.getByTestId('trend-readout');
    expect(readout).toHaveTextContent('Tue');
    expect(readout).toHaveTextContent('Free20,000');
    expect(readout).toHaveTextContent('Total20,005');
    act(() => plot.hover(null));
    expect(screen.queryByTestId('trend-readout')).not.toBeInTheDocument();
  });
});

describe('LazyTrendChart', () => {
  it('holds the place with a skeleton, then shows the chart', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<LazyTrendChart {...props} kind="line" height={300} />);
    expect(screen.getByRole('status', { name: 'Loading Sign-ups by plan' })).toBeInTheDocument();
    expect(await screen.findByText('Show the numbers')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
