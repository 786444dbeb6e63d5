import { useId } from 'react';
import { cn } from '@/components/ui/cn';
import { formatCount, formatInteger } from '@/lib/format';
import { ChartNumbersTable } from './numbers-table';
import { linearScale, niceTicks, tickIndices } from './scale';

/** One line of a chart: `key` names its value in every point. */
export interface ChartSeries {
  key: string;
  label: string;
  /** Any CSS colour (stroke, dots and legend swatch). */
  color: string;
}

/** One category of the x axis (a day, a week, …) with a value per series. */
export interface ChartPoint {
  label: string;
  values: Readonly<Record<string, number>>;
}

export interface LineChartProps {
  /** Names the chart (its caption and the image's accessible name). */
  title: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  xLabel: string;
  yLabel: string;
  /** Tick labels of the value axis; numbers of 1000 or more as K by default. */
  formatTick?: (value: number) => string;
  /** Values in tooltips, the description and the table; exact counts by default. */
  formatValue?: (value: number) => string;
  className?: string;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 16, bottom: 48, left: 56 };
/** Above this many points the dots are left out: the line alone reads better. */
const MAX_DOTS = 62;

const valueOf = (point: ChartPoint, key: string) => {
  const v = point.values[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/** The first and last labels stay inside the chart; the others are centred on their point. */
const anchor = (i: number, n: number) =>
  n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';

/** One sentence per series: its total and its highest point. */
function summarise(
  series: readonly ChartSeries[],
  points: readonly ChartPoint[],
  format: (v: number) => string,
) {
  if (points.length === 0) return 'No data.';
  return series
    .map((s) => {
      let best = 0;
      let total = 0;
      points.forEach((p, i) => {
        total += valueOf(p, s.key);
        if (valueOf(p, s.key) > valueOf(points[best]!, s.key)) best = i;
      });
      const top = points[best]!;
      return `${s.label}: ${format(total)} in total, at most ${format(valueOf(top, s.key))} (${top.label}).`;
    })
    .join(' ');
}

/**
 * A small line chart in SVG (no chart library: docs/performance.md, "Route weight"): value grid
 * from 0, a few category labels, a legend, a dot with a tooltip per point, and every number in a
 * table under "Show the numbers" for anyone who cannot read the picture.
 */
export function LineChart({
  title,
  series,
  points,
  xLabel,
  yLabel,
  formatTick = formatCount,
  formatValue = formatInteger,
  className,
}: LineChartProps) {
  const id = useId();
  const max = Math.max(0, ...points.flatMap((p) => series.map((s) => valueOf(p, s.key))));
  const ticks = niceTicks(max);
  const plot = {
    left: MARGIN.left,
    right: WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: HEIGHT - MARGIN.bottom,
  };
  const y = linearScale([0, ticks.at(-1)!], [plot.bottom, plot.top]);
  const x = linearScale([0, Math.max(0, points.length - 1)], [plot.left, plot.right]);
  const labelled = tickIndices(points.length);
  const dots = points.length <= MAX_DOTS;

  return (
    <figure className={cn('flex flex-col gap-2', className)}>
      <figcaption id={`${id}-title`} className="text-sm font-medium text-slate-900">
        {title}
      </figcaption>
      <ul className="flex flex-wrap gap-4 text-xs text-slate-600" aria-label="Legend">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{ backgroundColor: s.color }}
            />
            {s.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <desc id={`${id}-desc`}>{summarise(series, points, formatValue)}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={plot.left} x2={plot.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text
              x={plot.left - 8}
              y={y(t)}
              dy="0.32em"
              textAnchor="end"
              fontSize="11"
              fill="#64748b"
            >
              {formatTick(t)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={plot.bottom + 18}
            textAnchor={anchor(i, points.length)}
            fontSize="11"
            fill="#64748b"
          >
            {points[i]!.label}
          </text>
        ))}
        <text
          x={(plot.left + plot.right) / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          fontSize="12"
          fill="#334155"
        >
          {xLabel}
        </text>
        <text
          transform={`translate(14 ${(plot.top + plot.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize="12"
          fill="#334155"
        >
          {yLabel}
        </text>
        {series.map((s) => (
          <g key={s.key} data-series={s.key}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth="2"
              strokeLinejoin="round"
              points={points.map((p, i) => `${x(i)},${y(valueOf(p, s.key))}`).join(' ')}
            />
            {dots
              ? points.map((p, i) => (
                  <circle key={i} cx={x(i)} cy={y(valueOf(p, s.key))} r="3" fill={s.color}>
                    <title>{`${s.label}, ${p.label}: ${formatValue(valueOf(p, s.key))}`}</title>
                  </circle>
                ))
              : null}
          </g>
        ))}
      </svg>
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
