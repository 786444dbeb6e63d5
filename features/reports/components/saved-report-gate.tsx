import Link from 'next/link';
import { useRouter } from 'next/router';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/layout/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { SavedReport } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useReport } from '../hooks/use-report';

/** The report id of `/reports/[id]…`; 'pending' until the router has read the URL. */
function useReportIdParam(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/**
 * The saved report of a `/reports/[id]…` page, once loaded: a spinner meanwhile, "Report not
 * found." for a bad id or another owner's report, the failure with Try again otherwise.
 */
export function SavedReportGate({ children }: { children: (report: SavedReport) => ReactNode }) {
  const id = useReportIdParam();
  const report = useReport(typeof id === 'number' ? id : null);
  if (id === 'pending') return <PageSpinner />;
  if (id === 'invalid' || report.error?.status === 404)
    return (
      <FormAlert>
        {MESSAGES.reports.notFound}{' '}
        <Link href={paths.reportsList()} className="font-semibold underline">
          Back to Reports
        </Link>
      </FormAlert>
    );
  if (report.isError)
    return (
      <RetryAlert
        message={MESSAGES.reports.failedToGetReport(report.error.message)}
        onRetry={() => void report.refetch()}
      />
    );
  if (!report.data) return <PageSpinner />;
  return <>{children(report.data)}</>;
}
