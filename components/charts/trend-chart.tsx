import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type uPlot from 'uplot';
import { cn } from '@/components/ui/cn';
import { formatCount, formatInteger } from '@/lib/format';
import type { ChartPoint, ChartSeries } from './line-chart';
import { canDraw, loadChartLibrary } from './load-chart-library';
import { summarise, trendData } from './trend-data';
import {
  trendOptions,
  UPLOT_CSS,
  type TrendPlotConfig,
  type TrendPlotState,
} from './trend-options';
import { ChartNumbersTable } from './numbers-table';
import { createCursorStore, TrendLegend, TrendReadout } from './trend-parts';

export interface TrendChartProps {
  /** Names the chart: its caption and the drawing's accessible name. */
  title: string;
  series: readonly ChartSeries[];
  /** The x categories (bucket labels) with a value per series key. */
  points: readonly ChartPoint[];
  kind: 'line' | 'bar';
  /** Bars stacked (bars only). */
  stacked?: boolean;
  /** Series drawn dashed: the "previous period" comparison. */
  dashedKeys?: readonly string[];
  xLabel: string;
  yLabel: string;
  /** Values in the cursor readout and the table; exact counts by default. */
  formatValue?: (value: number) => string;
  /** Tick labels of the value axis; 1000 or more as K by default. */
  formatTick?: (value: number) => string;
  /** Height of the drawing in CSS pixels (axes included); 280 by default. */
  height?: number;
  className?: string;
}

const NO_KEYS: readonly string[] = [];

const neverChanges = () => () => {};

interface Drawn {
  points: readonly ChartPoint[];
  hidden: ReadonlySet<string>;
  seriesKey: string;
  stacked: boolean;
}
const sameDrawn = (a: Drawn | null, b: Drawn) =>
  a !== null &&
  a.points === b.points &&
  a.hidden === b.hidden &&
  a.seriesKey === b.seriesKey &&
  a.stacked === b.stacked;
const onServer = () => false;

/**
 * A report's trend as lines or (stacked) bars, drawn with uPlot on a canvas that follows its
 * parent's width. Our own legend toggles series; the cursor shows the values of its category;
 * every number is in a table under "Show the numbers". Where there is no canvas (or uPlot
 * fails to load) the legend and the table remain. Load it through `LazyTrendChart`.
 */
export function TrendChart({
  title,
  series,
  points,
  kind,
  stacked = false,
  dashedKeys = NO_KEYS,
  xLabel,
  yLabel,
  formatValue = formatInteger,
  formatTick = formatCount,
  height = 280,
  className,
}: TrendChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [failed, setFailed] = useState(false);
  const drawable = useSyncExternalStore(neverChanges, canDraw, onServer) && !failed;
  const [cursor] = useState(createCursorStore);
  const hostRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const isStacked = kind === 'bar' && stacked;

  const data = useMemo(
    () => trendData(series, points, { stacked: isStacked, hidden }),
    [series, points, isStacked, hidden],
  );
  const summary = useMemo(
    () => summarise(series, points, formatValue),
    [series, points, formatValue],
  );
  const dashed = useMemo(() => new Set(dashedKeys), [dashedKeys]);
  const seriesKey = series.map((s) => `${s.key}\u0000${s.label}\u0000${s.color}`).join('\u0001');
  // A change of any of these re-creates the chart; new points or hidden series only update it.
  const structure = JSON.stringify([
    kind,
    isStacked,
    seriesKey,
    dashedKeys,
    xLabel,
    yLabel,
    height,
  ]);

  // What uPlot reads while it draws: always this render's values.
  const live = useRef({
    config: { series, kind, stacked: isStacked, dashedKeys, xLabel, yLabel, height } as Omit<
      TrendPlotConfig,
      'width'
    >,
    data,
    points,
    hidden,
    seriesKey,
    formatTick,
  });
  useEffect(() => {
    live.current = {
      config: { series, kind, stacked: isStacked, dashedKeys, xLabel, yLabel, height },
      data,
      points,
      hidden,
      seriesKey,
      formatTick,
    };
  });
  /** What the chart shows now: new arrays with the same content redraw nothing. */
  const applied = useRef<Drawn | null>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!drawable || !host) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    const state: TrendPlotState = {
      labels: () => live.current.points.map((p) => p.label),
      yTicks: () => live.current.data.yTicks,
      shown: () => live.current.config.series.map((s) => !live.current.hidden.has(s.key)),
      bands: () => live.current.data.bands,
      formatTick: (v) => live.current.formatTick(v),
      onCursor: (c) => cursor.set(c),
    };
    loadChartLibrary()
      .then((UPlot) => {
        if (cancelled) return;
        const { config, data: now, points: p, hidden: h, seriesKey: k } = live.current;
        const width = host.clientWidth || 640;
        plot = new UPlot(
          trendOptions(UPlot, { ...config, width }, state),
          now.data as uPlot.AlignedData,
          host,
        );
        plotRef.current = plot;
        applied.current = { points: p, hidden: h, seriesKey: k, stacked: config.stacked };
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      plot?.destroy();
      plotRef.current = null;
      cursor.set(null);
    };
  }, [drawable, structure, cursor]);

  // New points or a series switched off: the same chart, new data.
  useEffect(() => {
    const plot = plotRef.current;
    const drawn: Drawn = { points, hidden, seriesKey, stacked: isStacked };
    if (!plot || sameDrawn(applied.current, drawn)) return;
    plot.batch(() => {
      series.forEach((s, i) => {
        const show = !hidden.has(s.key);
        if (plot.series[i + 1]?.show !== show) plot.setSeries(i + 1, { show });
      });
      if (isStacked) {
        plot.delBand(null);
        data.bands.forEach((band) => plot.addBand(band));
      }
      plot.setData(data.data as uPlot.AlignedData);
    });
    applied.current = drawn;
  }, [data, points, hidden, series, seriesKey, isStacked]);

  // The chart follows its parent's width.
  useEffect(() => {
    const host = hostRef.current;
    if (!drawable || !host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const plot = plotRef.current;
      const width = host.clientWidth;
      if (plot && width > 0 && width !== plot.width)
        plot.setSize({ width, height: live.current.config.height });
    });
    observer.observe(host);
    return () => observer.disconnect();
  }, [drawable]);

  const toggle = (key: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <figcaption className="text-sm font-medium text-slate-900">{title}</figcaption>
      <TrendLegend series={series} hidden={hidden} dashed={dashed} onToggle={toggle} />
      {drawable ? (
        <div
          role="img"
          aria-label={`${title}. ${summary}`}
          className="relative w-full"
          style={{ height }}
        >
          <style href="signpost-uplot" precedence="default">
            {UPLOT_CSS}
          </style>
          <div ref={hostRef} className="h-full w-full overflow-hidden" />
          <TrendReadout
            store={cursor}
            series={series}
            points={points}
            hidden={hidden}
            format={formatValue}
            total={isStacked}
          />
        </div>
      ) : null}
      <ChartNumbersTable
        title={title}
        xLabel={xLabel}
        series={series}
        points={points}
        format={formatValue}
      />
    </figure>
  );
}
