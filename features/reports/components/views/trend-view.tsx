import { LazyTrendChart } from '@/components/charts/lazy-trend-chart';
import { NumbersTable } from '@/components/charts/numbers-table';
import type { ReportGranularity } from '@/lib/contracts/flow-runtime';
import type { ReportChart, TrendAnswer, TrendQuery } from '@/lib/contracts/reports';
import { formatCount, formatInteger, formatShare } from '@/lib/format';
import { BUCKET_AXIS_LABEL } from '@/lib/report-view';
import {
  changeFromPrevious,
  trendChartData,
  seriesLabel,
  SERIES_COLORS,
} from '../../lib/trend-series';

const MEASURE_AXIS: Record<string, string> = {
  total: 'Events',
  unique: 'Customers',
  per_user: 'Events per customer',
  sum: 'Sum',
  avg: 'Average',
};

/** Whole numbers as counts; averages and sums keep two decimals. */
const formatValue = (v: number) =>
  Number.isInteger(v) ? formatInteger(v) : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * A trend: each series' total over the range (with the change from the period before when
 * compared), then the series over time as a line or bar chart, or as a table.
 */
export function TrendView(props: {
  answer: TrendAnswer;
  query: TrendQuery;
  chart: ReportChart;
  /** Dashboard cards: the totals and a shorter chart. */
  compact?: boolean;
}) {
  const { answer, query, chart, compact } = props;
  const granularity = (query.granularity ?? 'day') as ReportGranularity;
  const data = trendChartData(answer, granularity);
  const measures = new Set(query.series.map((s) => s.measure));
  const yLabel = measures.size === 1 ? MEASURE_AXIS[[...measures][0]!]! : 'Value';
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-wrap gap-3" aria-label="Totals">
        {answer.series.slice(0, compact ? 3 : undefined).map((s, i) => {
          const change = changeFromPrevious(s.total, answer.previous?.[i]?.total);
          return (
            <li
              key={i}
              className="min-w-36 max-w-full rounded-lg border border-slate-200 px-4 py-3"
            >
              <span className="flex items-center gap-2 break-all text-xs text-slate-600">
                <span
                  aria-hidden
                  className="h-2.5 w-2.5 rounded-full"
                  style={{ background: SERIES_COLORS[i % SERIES_COLORS.length] }}
                />
                {seriesLabel(s)}
              </span>
              <span
                className="mt-1 block text-xl font-semibold text-slate-900"
                title={formatValue(s.total)}
              >
                {formatCount(Math.round(s.total * 100) / 100)}
              </span>
              {change !== null ? (
                <span
                  className={change >= 0 ? 'text-xs text-emerald-700' : 'text-xs text-rose-700'}
                >
                  {change >= 0 ? '+' : '−'}
                  {formatShare(Math.abs(change))} on the period before
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {chart.kind === 'table' && !compact ? (
        <NumbersTable
          title="The trend per period"
          xLabel="Period"
          series={data.series}
          points={data.points}
          format={formatValue}
        />
      ) : (
        <LazyTrendChart
          title={answer.series.map(seriesLabel).join(', ') || 'Trend'}
          series={data.series}
          points={data.points}
          kind={chart.kind === 'bar' ? 'bar' : 'line'}
          stacked={chart.stacked}
          dashedKeys={data.dashedKeys}
          xLabel={BUCKET_AXIS_LABEL[granularity]}
          yLabel={yLabel}
          formatValue={formatValue}
          height={compact ? 180 : 300}
        />
      )}
    </div>
  );
}
