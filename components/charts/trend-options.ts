/**
 * uPlot's options for a `TrendChart`, and the few style rules of uPlot's stylesheet it needs
 * (uPlot's own legend is off: the chart renders its own). The library module is passed in, so
 * this file adds nothing to a bundle but its own code (docs/adr/0014-report-charts.md).
 */
import type uPlot from 'uplot';
import type { ChartSeries } from './line-chart';
import { barSlot, xTicks } from './trend-data';

export type UPlotModule = typeof uPlot;

/** What fixes the drawing; a change of any of these re-creates the chart. */
export interface TrendPlotConfig {
  series: readonly ChartSeries[];
  kind: 'line' | 'bar';
  stacked: boolean;
  dashedKeys: readonly string[];
  xLabel: string;
  yLabel: string;
  width: number;
  height: number;
}

/** Where the cursor is: a category index (null when off the chart) and its x in the wrapper. */
export interface TrendCursor {
  index: number | null;
  /** CSS pixels from the left of the chart's wrapper. */
  left: number;
  /** The plotting area's left edge and width, CSS pixels. */
  plotLeft: number;
  plotWidth: number;
}

/** What the options read when uPlot draws: the current data, hidden series and tick format. */
export interface TrendPlotState {
  labels: () => readonly string[];
  yTicks: () => number[];
  shown: () => readonly boolean[];
  bands: () => uPlot.Band[];
  formatTick: (value: number) => string;
  onCursor: (cursor: TrendCursor) => void;
}

const FONT = '11px ui-sans-serif, system-ui, sans-serif';
const LABEL_FONT = '12px ui-sans-serif, system-ui, sans-serif';
const AXIS = '#64748b';
const GRID = '#e2e8f0';
/** Share of a category the bars fill. */
const BAR_FILL = 0.8;

export function trendOptions(
  lib: UPlotModule,
  config: TrendPlotConfig,
  state: TrendPlotState,
): uPlot.Options {
  const bar = config.kind === 'bar';
  const dashed = new Set(config.dashedKeys);

  const barPaths = (index: number): uPlot.Series.PathBuilder =>
    config.stacked
      ? lib.paths.bars!({ size: [BAR_FILL, Infinity, 1] })
      : lib.paths.bars!({
          disp: {
            x0: {
              unit: 1,
              values: (u: uPlot) => {
                const { offset } = barSlot(state.shown(), index, BAR_FILL);
                return (u.data[0] as number[]).map((x) => x + offset);
              },
            },
            size: { unit: 1, values: () => [barSlot(state.shown(), index, BAR_FILL).width] },
          },
        });

  const series: uPlot.Series[] = [
    {},
    ...config.series.map((s, i): uPlot.Series => {
      const isDashed = dashed.has(s.key);
      const show = state.shown()[i] ?? true;
      if (!bar)
        return {
          show,
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: isDashed ? [6, 4] : undefined,
          points: { show: (u: uPlot) => u.data[0].length <= 62, size: 5 },
        };
      return {
        show,
        label: s.label,
        fill: s.color,
        stroke: s.color,
        // A comparison series: a paler bar with a dashed edge.
        width: isDashed ? 1.5 : 0,
        dash: isDashed ? [4, 3] : undefined,
        alpha: isDashed ? 0.5 : 1,
        paths: barPaths(i),
        points: { show: false },
      };
    }),
  ];

  return {
    width: config.width,
    height: config.height,
    legend: { show: false },
    // Room on the right for the last day's label, which is centred on the last point.
    padding: [12, 36, 0, 0],
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { show: !bar },
    },
    scales: {
      x: {
        time: false,
        range: (u) => {
          const n = u.data[0].length;
          return bar ? [-0.5, n - 0.5] : [0, Math.max(1, n - 1)];
        },
      },
      y: { range: () => [0, state.yTicks().at(-1) ?? 1] },
    },
    axes: [
      {
        label: config.xLabel,
        labelFont: LABEL_FONT,
        labelSize: 20,
        font: FONT,
        stroke: AXIS,
        size: 28,
        grid: { show: false },
        ticks: { show: false },
        splits: (u) => xTicks(u.data[0].length, u.width),
        values: (_u, splits) => splits.map((i) => state.labels()[i] ?? ''),
      },
      {
        label: config.yLabel,
        labelFont: LABEL_FONT,
        labelSize: 20,
        font: FONT,
        stroke: AXIS,
        size: 48,
        grid: { stroke: GRID, width: 1 },
        ticks: { show: false },
        splits: () => state.yTicks(),
        values: (_u, splits) => splits.map((v) => state.formatTick(v)),
      },
    ],
    series,
    bands: config.stacked ? state.bands() : undefined,
    hooks: {
      setCursor: [
        (u) => {
          const over = u.over;
          state.onCursor({
            index: u.cursor.idx ?? null,
            left: (u.cursor.left ?? -1) + over.offsetLeft,
            plotLeft: over.offsetLeft,
            plotWidth: over.offsetWidth,
          });
        },
      ],
    },
  };
}

/**
 * The rules of uPlot.min.css the chart needs (its legend, title and selection are not used).
 * Rendered once per document by React (`<style href precedence>`), so no global CSS import.
 */
export const UPLOT_CSS = [
  '.uplot{width:min-content;line-height:1.5}',
  '.uplot .u-wrap{position:relative;user-select:none}',
  '.uplot .u-over,.uplot .u-under{position:absolute}',
  '.uplot .u-under{overflow:hidden}',
  '.uplot canvas{display:block;position:relative;width:100%;height:100%}',
  '.uplot .u-axis{position:absolute}',
  '.uplot .u-select{position:absolute;pointer-events:none}',
  '.uplot .u-cursor-x,.uplot .u-cursor-y{position:absolute;left:0;top:0;pointer-events:none;will-change:transform}',
  '.uplot.u-hz .u-cursor-x{height:100%;border-right:1px dashed #94a3b8}',
  '.uplot .u-cursor-pt{position:absolute;top:0;left:0;border-radius:50%;border:0 solid;pointer-events:none;will-change:transform;background-clip:padding-box!important}',
  '.uplot .u-off{display:none}',
].join('');
