import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { Spinner } from '@/components/layout/spinner';
import { PageHeader } from '@/components/list/page-header';
import { buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFlow } from '../../hooks/use-flow';
import { useFlowReport, type LoadedFlowReport } from '../../hooks/use-flow-report';
import { ReportChart } from './report-chart';
import { ReportControls } from '@/components/report-controls';
import { ReportFunnel } from './report-funnel';
import {
  parseReportView,
  reportApiQuery,
  reportViewQuery,
  type ReportView,
} from '@/lib/report-view';
import { ReportTargetHealth } from './report-target-health';
import { ReportTotals } from './report-totals';

const BOX = 'rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm';

/** The tour id of `/flows/[id]/report`; 'pending' until the router has read the URL. */
function useReportFlowId(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/**
 * /flows/[id]/report: a tour's totals, views / completions / dismissals over time and its step
 * funnel for a date range kept in the URL (docs/flows.md, "The report").
 */
export function FlowReportView() {
  const router = useRouter();
  const id = useReportFlowId();
  const flowId = typeof id === 'number' ? id : null;
  const flow = useFlow(flowId);
  const view = parseReportView(router.query);
  const report = useFlowReport(flowId, router.isReady ? reportApiQuery(view) : null);
  const setView = (next: ReportView) =>
    void router.replace(
      { pathname: router.pathname, query: reportViewQuery(next, router.query) },
      undefined,
      { shallow: true },
    );

  const { error } = report;
  useEffect(() => {
    if (error && error.status !== 404)
      notify.error(MESSAGES.flows.failedToGetReport(error.message));
  }, [error]);
  // The tour itself (its name) failed to load: the catalogue's message (docs/product/messages.md).
  const tourError = flow.error && flow.error.status !== 404 ? flow.error : null;
  useEffect(() => {
    if (tourError) notify.error(MESSAGES.flows.failedToGet(tourError.message));
  }, [tourError]);

  if (id === 'invalid' || flow.error?.status === 404 || error?.status === 404)
    return (
      <FormAlert>
        {MESSAGES.flows.notFound}{' '}
        <Link href={paths.flows()} className="font-semibold underline">
          Back to Product Tour
        </Link>
      </FormAlert>
    );

  return (
    <section aria-labelledby="flow-report-heading">
      <PageHeader
        id="flow-report-heading"
        title={flow.data?.name ?? 'Product tour report'}
        description="How often visitors saw this tour, finished it or closed it, and at which step they left."
        actions={
          <div className="flex gap-2">
            <Link href={paths.flows()} className={buttonClasses('secondary')}>
              All product tours
            </Link>
            {flowId !== null ? (
              <Link href={paths.flow(flowId)} className={buttonClasses('secondary')}>
                Edit tour
              </Link>
            ) : null}
          </div>
        }
      />
      {tourError ? (
        <RetryAlert
          message={MESSAGES.flows.failedToGet(tourError.message)}
          onRetry={() => void flow.refetch()}
        />
      ) : null}
      <ReportControls view={view} onViewChange={setView} />
      <ReportBody
        flowId={flowId}
        report={report}
        waitingForDates={router.isReady && reportApiQuery(view) === null}
      />
    </section>
  );
}

function ReportBody(props: {
  flowId: number | null;
  report: ReturnType<typeof useFlowReport>;
  waitingForDates: boolean;
}) {
  const { report } = props;
  if (props.waitingForDates)
    return <p className={`${BOX} text-slate-600`}>Choose the From and To dates of the range.</p>;
  if (report.isError)
    return (
      <RetryAlert
        message={MESSAGES.flows.failedToGetReport(report.error.message)}
        onRetry={() => void report.refetch()}
      />
    );
  if (!report.data) return <ReportSkeleton />;
  const updating = report.isPlaceholderData;
  return (
    <div aria-busy={updating || undefined} className="relative">
      {updating ? (
        <div className="absolute right-0 top-0 text-brand-600">
          <Spinner size="sm" label="Updating the report" />
        </div>
      ) : null}
      <div className={updating ? 'opacity-60' : undefined}>
        <ReportContent loaded={report.data} flowId={props.flowId} />
      </div>
    </div>
  );
}

function ReportContent({ loaded, flowId }: { loaded: LoadedFlowReport; flowId: number | null }) {
  const { report, query } = loaded;
  if (report.totals.views === 0)
    return (
      <>
        <ReportTargetHealth health={report.health} flowId={flowId} />
        <p role="status" className={`${BOX} text-slate-600`}>
          {MESSAGES.flows.reportEmpty}
        </p>
      </>
    );
  return (
    <>
      <ReportTargetHealth health={report.health} flowId={flowId} />
      <ReportTotals totals={report.totals} />
      <ReportChart series={report.series} granularity={query.granularity ?? 'day'} />
      <ReportFunnel steps={report.steps} />
    </>
  );
}

/** Cards, chart and funnel as grey blocks while the first report loads. */
function ReportSkeleton() {
  return (
    <div role="status" aria-label="Loading the report" className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64" />
      <Skeleton className="h-32" />
    </div>
  );
}
