import { describe, expect, it } from 'vitest';
import type { ChartPoint, ChartSeries } from './line-chart';
import {
  barSlot,
  readout,
  seriesColumns,
  stackBands,
  stackColumns,
  summarise,
  trendData,
  valueAt,
  xTicks,
} from './trend-data';

const series: ChartSeries[] = [
  { key: 'pro', label: 'Pro', color: '#2553e0' },
  { key: 'free', label: 'Free', color: '#16a34a' },
  { key: 'team', label: 'Team', color: '#ea580c' },
];
const points: ChartPoint[] = [
  { label: 'Mon', values: { pro: 3, free: 10, team: 1 } },
  { label: 'Tue', values: { pro: 5, free: 20, team: 0 } },
  { label: 'Wed', values: { pro: 7, team: 2 } },
];
const none = new Set<string>();
const fmt = (v: number) => `#${v}`;

describe('valueAt', () => {
  it('reads finite numbers and turns anything else into 0', () => {
    const p: ChartPoint = { label: 'x', values: { a: 4, b: Number.NaN, c: Infinity } };
    expect([valueAt(p, 'a'), valueAt(p, 'b'), valueAt(p, 'c'), valueAt(p, 'missing')]).toEqual([
      4, 0, 0, 0,
    ]);
  });
});

describe('seriesColumns', () => {
  it('gives one column per series in the order of the series, one value per point', () => {
    expect(seriesColumns(series, points)).toEqual([
      [3, 5, 7],
      [10, 20, 0],
      [1, 0, 2],
    ]);
    expect(seriesColumns([series[2]!, series[0]!], points)).toEqual([
      [1, 0, 2],
      [3, 5, 7],
    ]);
  });
});

describe('stackColumns', () => {
  const columns = [
    [3, 5, 7],
    [10, 20, 0],
    [1, 0, 2],
  ];

  it('stacks bottom to top in the order of the series: each column ends at the running total', () => {
    expect(stackColumns(columns, [true, true, true])).toEqual([
      [3, 5, 7],
      [13, 25, 7],
      [14, 25, 9],
    ]);
  });

  it('leaves a hidden series out of the sums (it keeps its own values)', () => {
    expect(stackColumns(columns, [true, false, true])).toEqual([
      [3, 5, 7],
      [10, 20, 0],
      [4, 5, 9],
    ]);
    expect(stackColumns(columns, [false, true, true])).toEqual([
      [3, 5, 7],
      [10, 20, 0],
      [11, 20, 2],
    ]);
  });

  it('does not change its input', () => {
    const copy = columns.map((c) => [...c]);
    stackColumns(columns, [true, true, true]);
    expect(columns).toEqual(copy);
  });

  it('copes with no series and no points', () => {
    expect(stackColumns([], [])).toEqual([]);
    expect(stackColumns([[], []], [true, true])).toEqual([[], []]);
  });
});

describe('stackBands', () => {
  it('fills each shown series down to the shown series below it (uPlot indexes: x is 0)', () => {
    expect(stackBands([true, true, true])).toEqual([{ series: [2, 1] }, { series: [3, 2] }]);
    expect(stackBands([true, false, true])).toEqual([{ series: [3, 1] }]);
    expect(stackBands([false, true, true])).toEqual([{ series: [3, 2] }]);
    expect(stackBands([false, false, true])).toEqual([]);
  });
});

describe('barSlot', () => {
  it('puts side-by-side bars next to each other, centred on the category', () => {
    const shown = [true, true, true, true];
    const slots = shown.map((_, i) => barSlot(shown, i, 0.8));
    expect(slots.map((s) => s.width)).toEqual([0.2, 0.2, 0.2, 0.2]);
    expect(slots.map((s) => Number(s.offset.toFixed(6)))).toEqual([-0.4, -0.2, 0, 0.2]);
  });

  it('gives a hidden series no room', () => {
    const shown = [true, false, true];
    expect(barSlot(shown, 0)).toEqual({ offset: -0.4, width: 0.4 });
    expect(barSlot(shown, 2).offset).toBeCloseTo(0);
    expect(barSlot([true], 0)).toEqual({ offset: -0.4, width: 0.8 });
  });
});

describe('trendData', () => {
  it('gives x as category indexes and one array per series, unstacked', () => {
    const { data, bands, yTicks } = trendData(series, points, { stacked: false, hidden: none });
    expect(data).toEqual([
      [0, 1, 2],
      [3, 5, 7],
      [10, 20, 0],
      [1, 0, 2],
    ]);
    expect(bands).toEqual([]);
    expect(yTicks.at(-1)).toBeGreaterThanOrEqual(20);
    expect(yTicks[0]).toBe(0);
  });

  it('stacks and scales the value axis to the highest stack', () => {
    const { data, bands, yTicks } = trendData(series, points, { stacked: true, hidden: none });
    expect(data.slice(1)).toEqual([
      [3, 5, 7],
      [13, 25, 7],
      [14, 25, 9],
    ]);
    expect(bands).toHaveLength(2);
    expect(yTicks.at(-1)).toBeGreaterThanOrEqual(25);
  });

  it('leaves hidden series out of the stack, the bands and the axis', () => {
    const hidden = new Set(['free']);
    const { data, bands, yTicks } = trendData(series, points, { stacked: true, hidden });
    expect(data[3]).toEqual([4, 5, 9]);
    expect(bands).toEqual([{ series: [3, 1] }]);
    expect(yTicks.at(-1)).toBe(10);
    const lines = trendData(series, points, { stacked: false, hidden });
    expect(lines.yTicks.at(-1)).toBe(8);
  });

  it('has an axis from 0 to 1 when there is nothing to draw', () => {
    expect(trendData(series, [], { stacked: true, hidden: none })).toEqual({
      data: [[], [], [], []],
      bands: [{ series: [2, 1] }, { series: [3, 2] }],
      yTicks: [0, 1],
    });
  });
});

describe('xTicks', () => {
  it('labels about one category per 96 pixels, the first and the last always', () => {
    expect(xTicks(365, 800)).toEqual([0, 52, 104, 156, 208, 260, 312, 364]);
    expect(xTicks(5, 800)).toEqual([0, 1, 2, 3, 4]);
    expect(xTicks(30, 100)).toEqual([0, 29]);
  });
});

describe('readout', () => {
  it('shows the category and the value of each shown series, in series order', () => {
    expect(readout(series, points, 1, new Set(['team']), fmt)).toEqual({
      label: 'Tue',
      rows: [
        { key: 'pro', label: 'Pro', color: '#2553e0', value: '#5' },
        { key: 'free', label: 'Free', color: '#16a34a', value: '#20' },
      ],
    });
  });

  it('adds the total of the shown series for stacked bars', () => {
    expect(readout(series, points, 0, none, fmt, true)?.total).toBe('#14');
    expect(readout(series, points, 0, new Set(['free']), fmt, true)?.total).toBe('#4');
  });

  it('shows nothing off the chart', () => {
    expect(readout(series, points, null, none, fmt)).toBeNull();
    expect(readout(series, points, 9, none, fmt)).toBeNull();
  });
});

describe('summarise', () => {
  it('gives each series its total and highest category', () => {
    expect(summarise(series.slice(0, 2), points, fmt)).toBe(
      'Pro: #15 in total, at most #7 (Wed). Free: #30 in total, at most #20 (Tue).',
    );
    expect(summarise(series, [], fmt)).toBe('No data.');
  });
});
