import { useEffect } from 'react';
import { Spinner } from '@/components/layout/spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import type {
  FunnelAnswer,
  FunnelQuery,
  ReportChart,
  RetentionAnswer,
  RetentionQuery,
  TrendAnswer,
  TrendQuery,
} from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import type { ReportQueryInput } from '@/api/reports';
import { useReportAnswer, type LoadedAnswer } from '../../hooks/use-report-answer';
import { FunnelView } from './funnel-view';
import { RetentionView } from './retention-view';
import { TrendView } from './trend-view';

const BOX =
  'rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600';

/**
 * A report's answer for one query, drawn by type, with its loading, empty and failed states
 * ("Failed to get report: …" as a toast and beside a Try again). While another range of the same
 * report loads, the answer on screen stays, dimmed.
 */
export function ReportResult(props: {
  query: ReportQueryInput | null;
  chart: ReportChart;
  compact?: boolean;
  /** Shown while `query` is null (a form not complete yet). */
  incompleteText?: string;
}) {
  const answer = useReportAnswer(props.query);
  const { error } = answer;
  useEffect(() => {
    if (error) notify.error(MESSAGES.reports.failedToGetReport(error.message));
  }, [error]);

  if (props.query === null)
    return <p className={BOX}>{props.incompleteText ?? 'Complete the report to see it.'}</p>;
  if (answer.isError)
    return (
      <RetryAlert
        message={MESSAGES.reports.failedToGetReport(answer.error.message)}
        onRetry={() => void answer.refetch()}
      />
    );
  if (!answer.data)
    return (
      <div role="status" aria-label="Loading the report" className="flex flex-col gap-3">
        <Skeleton className="h-16" />
        <Skeleton className={props.compact ? 'h-40' : 'h-64'} />
      </div>
    );
  const updating = answer.isPlaceholderData || answer.isFetching;
  return (
    <div aria-busy={updating || undefined} className="relative">
      {updating ? (
        <div className="absolute right-0 top-0 text-brand-600">
          <Spinner size="sm" label="Updating the report" />
        </div>
      ) : null}
      <div className={updating ? 'opacity-60' : undefined}>
        <AnswerBody loaded={answer.data} chart={props.chart} compact={props.compact} />
      </div>
    </div>
  );
}

/** True when the answer counts nothing at all. */
export function isEmptyAnswer(loaded: LoadedAnswer): boolean {
  const { answer, query } = loaded;
  if (query.type === 'trend')
    return (answer as TrendAnswer).series.every((s) => s.points.every((p) => p.value === 0));
  if (query.type === 'funnel') return ((answer as FunnelAnswer).steps[0]?.count ?? 0) === 0;
  return (answer as RetentionAnswer).cohorts.every((c) => c.size === 0);
}

function AnswerBody(props: { loaded: LoadedAnswer; chart: ReportChart; compact?: boolean }) {
  const { loaded, chart, compact } = props;
  if (isEmptyAnswer(loaded)) return <p className={BOX}>{MESSAGES.reports.noData}</p>;
  const { answer, query } = loaded;
  if (query.type === 'trend')
    return (
      <TrendView
        answer={answer as TrendAnswer}
        query={query as TrendQuery}
        chart={chart}
        compact={compact}
      />
    );
  if (query.type === 'funnel')
    return (
      <FunnelView answer={answer as FunnelAnswer} query={query as FunnelQuery} compact={compact} />
    );
  return (
    <RetentionView
      answer={answer as RetentionAnswer}
      query={query as RetentionQuery}
      compact={compact}
    />
  );
}
