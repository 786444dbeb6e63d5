import { LineChart, type ChartSeries } from '@/components/charts/line-chart';
import type { FlowReport, ReportGranularity } from '@/lib/contracts/flow-runtime';
import { BUCKET_AXIS_LABEL, bucketLabel } from '@/lib/report-view';

const SERIES: readonly ChartSeries[] = [
  { key: 'views', label: 'Views', color: '#2553e0' },
  { key: 'completions', label: 'Completions', color: '#059669' },
  { key: 'dismissals', label: 'Dismissals', color: '#d97706' },
];

/** Views, completions and dismissals per bucket of the range, oldest first. */
export function ReportChart(props: {
  series: FlowReport['series'];
  granularity: ReportGranularity;
}) {
  const points = props.series.map((p) => ({
    label: bucketLabel(p.bucket, props.granularity),
    values: { views: p.views, completions: p.completions, dismissals: p.dismissals },
  }));
  return (
    <LineChart
      title="Views, completions and dismissals over time"
      series={SERIES}
      points={points}
      xLabel={BUCKET_AXIS_LABEL[props.granularity]}
      yLabel="Sessions"
    />
  );
}
