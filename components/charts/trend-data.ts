/**
 * The pure part of the report charts (`TrendChart`): what the chart library draws, computed from
 * the same `ChartSeries` / `ChartPoint` the SVG `LineChart` takes. No library import here, so it
 * is tested without a canvas (docs/adr/0014-report-charts.md).
 */
import type { ChartPoint, ChartSeries } from './line-chart';
import { niceTicks, tickIndices } from './scale';

/** A point's value of one series: a finite number, else 0 (as `LineChart` reads it). */
export function valueAt(point: ChartPoint, key: string): number {
  const v = point.values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/** One array per series, in the order of `series`, with one value per point. */
export function seriesColumns(
  series: readonly ChartSeries[],
  points: readonly ChartPoint[],
): number[][] {
  return series.map((s) => points.map((p) => valueAt(p, s.key)));
}

/**
 * Running totals for stacked bars, bottom to top in the order of the series: each shown series
 * ends where the shown series below it ended plus its own value. A hidden series is neither
 * counted nor drawn; it keeps its own values.
 */
export function stackColumns(
  columns: readonly (readonly number[])[],
  shown: readonly boolean[],
): number[][] {
  const totals = new Array<number>(columns[0]?.length ?? 0).fill(0);
  return columns.map((column, i) =>
    shown[i] ? column.map((v, j) => (totals[j] = totals[j]! + v)) : [...column],
  );
}

/** A uPlot band: the area between two series (indexes count the x values as series 0). */
export interface StackBand {
  series: [number, number];
}

/** The bands of stacked bars: every shown series but the lowest starts on the shown one below. */
export function stackBands(shown: readonly boolean[]): StackBand[] {
  const bands: StackBand[] = [];
  let below = -1;
  shown.forEach((on, i) => {
    if (!on) return;
    if (below >= 0) bands.push({ series: [i + 1, below + 1] });
    below = i;
  });
  return bands;
}

/**
 * Where a series' bar sits in its category when bars are side by side: `offset` from the
 * category's centre and `width`, both in categories (a category is 1 wide; bars fill `fill` of
 * it). A hidden series keeps no room.
 */
export function barSlot(
  shown: readonly boolean[],
  index: number,
  fill = 0.8,
): { offset: number; width: number } {
  const visible = shown.filter(Boolean).length || 1;
  const width = fill / visible;
  const position = shown.slice(0, index).filter(Boolean).length;
  return { offset: -fill / 2 + position * width, width };
}

export interface TrendDataOptions {
  stacked: boolean;
  /** Keys of the series the reader switched off in the legend. */
  hidden: ReadonlySet<string>;
}

export interface TrendData {
  /** [x (the category index), …one array per series in the order of `series`]. */
  data: number[][];
  /** Bands of stacked bars (none otherwise). */
  bands: StackBand[];
  /** Ticks of the value axis, from 0 to at least the highest value drawn. */
  yTicks: number[];
}

/** Everything the chart library needs for one set of points. */
export function trendData(
  series: readonly ChartSeries[],
  points: readonly ChartPoint[],
  { stacked, hidden }: TrendDataOptions,
): TrendData {
  const shown = series.map((s) => !hidden.has(s.key));
  const columns = seriesColumns(series, points);
  const drawn = stacked ? stackColumns(columns, shown) : columns;
  let max = 0;
  drawn.forEach((column, i) => {
    if (shown[i]) for (const v of column) if (v > max) max = v;
  });
  return {
    data: [points.map((_, i) => i), ...drawn],
    bands: stacked ? stackBands(shown) : [],
    yTicks: niceTicks(max),
  };
}

/** The categories labelled on the x axis: about one per 96 CSS pixels, first and last always. */
export function xTicks(count: number, width: number): number[] {
  return tickIndices(count, Math.max(2, Math.floor(width / 96)));
}

export interface ReadoutRow {
  key: string;
  label: string;
  color: string;
  value: string;
}

/** What the cursor readout shows at a category: its label and the shown series' values. */
export function readout(
  series: readonly ChartSeries[],
  points: readonly ChartPoint[],
  index: number | null | undefined,
  hidden: ReadonlySet<string>,
  format: (v: number) => string,
  total = false,
): { label: string; rows: ReadoutRow[]; total?: string } | null {
  const point = index == null ? undefined : points[index];
  if (!point) return null;
  const visible = series.filter((s) => !hidden.has(s.key));
  const rows = visible.map((s) => ({
    key: s.key,
    label: s.label,
    color: s.color,
    value: format(valueAt(point, s.key)),
  }));
  if (!total) return { label: point.label, rows };
  const sum = visible.reduce((acc, s) => acc + valueAt(point, s.key), 0);
  return { label: point.label, rows, total: format(sum) };
}

/** The drawing's accessible summary: per series its total and its highest category. */
export function summarise(
  series: readonly ChartSeries[],
  points: readonly ChartPoint[],
  format: (v: number) => string,
): string {
  if (points.length === 0 || series.length === 0) return 'No data.';
  return series
    .map((s) => {
      let best = 0;
      let total = 0;
      points.forEach((p, i) => {
        const v = valueAt(p, s.key);
        total += v;
        if (v > valueAt(points[best]!, s.key)) best = i;
      });
      const top = points[best]!;
      return `${s.label}: ${format(total)} in total, at most ${format(valueAt(top, s.key))} (${top.label}).`;
    })
    .join(' ');
}
