import type { ReactNode } from 'react';
import { idToLoad, RecordGate, useRouteId } from '@/components/detail/record-gate';
import type { SavedReport } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useReport } from '../hooks/use-report';

/**
 * The saved report of a `/reports/[id]…` page, once loaded: a spinner meanwhile, "Report not
 * found." for a bad id or another owner's report, the failure with Try again otherwise.
 */
export function SavedReportGate({ children }: { children: (report: SavedReport) => ReactNode }) {
  const id = useRouteId();
  const report = useReport(idToLoad(id));
  return (
    <RecordGate
      id={id}
      query={report}
      notFound={{
        message: MESSAGES.reports.notFound,
        backHref: paths.reportsList(),
        backLabel: 'Back to Reports',
      }}
      failed={MESSAGES.reports.failedToGetReport}
    >
      {children}
    </RecordGate>
  );
}
