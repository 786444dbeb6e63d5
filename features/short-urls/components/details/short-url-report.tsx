import { useEffect } from 'react';
import { LazyTrendChart } from '@/components/charts/lazy-trend-chart';
import { Skeleton } from '@/components/ui/skeleton';
import { RetryAlert } from '@/components/ui/retry-alert';
import { notify } from '@/components/ui/toast';
import type { ReportGranularity } from '@/lib/contracts/flow-runtime';
import type { ShortUrlReport } from '@/lib/contracts/short-urls';
import { formatInteger } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { BUCKET_AXIS_LABEL, bucketLabel } from '@/lib/report-view';
import type { ShortUrlReportParams } from '@/api/short-urls';
import { useShortUrlReport } from '../../hooks/use-short-url-report';
import { TopList } from './top-list';

const SERIES = [
  { key: 'clicks', label: 'Clicks', color: '#2553e0' },
  { key: 'unique_clicks', label: 'Unique clicks', color: '#059669' },
] as const;

/** The report of one link for the chosen range: totals, clicks over time, top values. */
export function ShortUrlReportView(props: {
  linkId: number;
  params: ShortUrlReportParams | null;
  granularity: ReportGranularity;
}) {
  const report = useShortUrlReport(props.linkId, props.params);
  const { error } = report;
  useEffect(() => {
    if (error) notify.error(MESSAGES.shortUrls.failedToGetReport(error.message));
  }, [error]);

  if (props.params === null)
    return <p className="text-sm text-slate-600">Choose the From and To dates of the range.</p>;
  if (report.isError)
    return (
      <RetryAlert
        message={MESSAGES.shortUrls.failedToGetReport(report.error.message)}
        onRetry={() => void report.refetch()}
      />
    );
  if (!report.data)
    return (
      <div role="status" aria-label="Loading clicks" className="flex flex-col gap-3">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return <Loaded report={report.data} granularity={props.granularity} />;
}

function Loaded({
  report,
  granularity,
}: {
  report: ShortUrlReport;
  granularity: ReportGranularity;
}) {
  const totals = [
    { label: 'Clicks', value: report.totals.clicks },
    { label: 'Unique clicks', value: report.totals.unique_clicks },
    { label: 'Bot clicks', value: report.totals.bot_clicks },
  ];
  const points = report.series.map((b) => ({
    label: bucketLabel(b.bucket, granularity),
    values: { clicks: b.clicks, unique_clicks: b.unique_clicks },
  }));
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-wrap gap-3" aria-label="Totals">
        {totals.map((t) => (
          <li
            key={t.label}
            aria-label={t.label}
            className="min-w-36 rounded-lg border border-slate-200 px-4 py-3"
          >
            <span className="block text-xs text-slate-600">{t.label}</span>
            <span className="mt-1 block text-xl font-semibold text-slate-900">
              {formatInteger(t.value)}
            </span>
          </li>
        ))}
      </ul>
      {report.totals.clicks === 0 ? (
        <p className="text-sm text-slate-600">{MESSAGES.shortUrls.noClicks}</p>
      ) : null}
      <LazyTrendChart
        title="Clicks over time"
        series={SERIES}
        points={points}
        kind="line"
        xLabel={BUCKET_AXIS_LABEL[granularity]}
        yLabel="Clicks"
        height={280}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TopList title="Top countries" rows={report.countries} />
        <TopList title="Top referrers" rows={report.referrers} />
        <TopList title="Top devices and browsers" rows={report.devices} />
        <TopList title="Top UTM sources" rows={report.utm_sources} />
      </div>
    </div>
  );
}
