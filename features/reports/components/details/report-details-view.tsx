import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { PageHeader } from '@/components/list/page-header';
import { ReportControls } from '@/components/report-controls';
import { Button, buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import type { SavedReport } from '@/lib/contracts/reports';
import { formatDateTime } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import type { ReportView } from '@/lib/report-view';
import { useDeleteReport } from '../../hooks/use-delete-report';
import { useSaveReport } from '../../hooks/use-save-report';
import { REPORT_TYPE_LABELS, formOfReport, type ReportForm } from '../../lib/report-form';
import { SavedReportGate } from '../saved-report-gate';
import { DownloadCsvButton } from '../views/download-csv-button';
import { ReportResult } from '../views/report-result';

/** The query with another range (and granularity) chosen on the page, not saved. */
function withView(query: ReportForm['query'], view: ReportView): ReportForm['query'] {
  const range = { date_preset: view.date_preset, from: view.from, to: view.to };
  if (query.type === 'trend') return { ...query, ...range, granularity: view.granularity };
  if (query.type === 'retention') return { ...query, ...range, period: view.granularity };
  return { ...query, ...range };
}

function viewOf(query: ReportForm['query']): ReportView {
  return {
    date_preset: query.date_preset,
    from: query.from,
    to: query.to,
    granularity:
      query.type === 'trend'
        ? query.granularity
        : query.type === 'retention'
          ? query.period
          : 'day',
  };
}

/**
 * /reports/{id}: one saved report full size. The range can be changed here to look around (it
 * is not saved: Edit saves); Download CSV exports what is shown; the report can be put on or
 * taken off its product's dashboard, edited or deleted (after a confirmation).
 */
export function ReportDetailsView() {
  return (
    <SavedReportGate>
      {(report) => <LoadedReport key={report.id} report={report} />}
    </SavedReportGate>
  );
}

function LoadedReport({ report }: { report: SavedReport }) {
  const router = useRouter();
  const form = formOfReport(report);
  const [view, setView] = useState<ReportView>(() => viewOf(form.query));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const rangeComplete = view.date_preset !== 'custom_range' || Boolean(view.from && view.to);
  const query = rangeComplete ? withView(form.query, view) : null;
  const pin = useSaveReport({
    onSuccess: (saved) =>
      notify.success(saved.pinned ? 'Added to the dashboard.' : 'Removed from the dashboard.'),
    onError: (error) => notify.error(MESSAGES.reports.failedToSave(error.message)),
  });
  const remove = useDeleteReport({
    onSuccess: () => {
      notify.success(MESSAGES.reports.deleted);
      void router.push(paths.reportsList());
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <section aria-labelledby="report-heading" className="flex flex-col gap-4">
      <PageHeader
        id="report-heading"
        title={report.name}
        description={`${REPORT_TYPE_LABELS[report.type]} on ${report.brand_name} · updated ${formatDateTime(report.updated_at)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link
              href={paths.reportsDashboard(report.brand_id)}
              className={buttonClasses('secondary', 'sm')}
            >
              Dashboard
            </Link>
            <Button
              variant="secondary"
              size="sm"
              loading={pin.isPending}
              aria-pressed={report.pinned}
              onClick={() =>
                pin.mutate({ id: report.id, body: { ...form, pinned: !report.pinned } })
              }
            >
              {report.pinned ? 'Unpin from dashboard' : 'Pin to dashboard'}
            </Button>
            <DownloadCsvButton query={query} name={report.name} />
            <Link href={paths.reportEdit(report.id)} className={buttonClasses('secondary', 'sm')}>
              Edit
            </Link>
            <Button variant="danger" size="sm" onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </div>
        }
      />
      <ReportControls
        view={view}
        onViewChange={setView}
        showGranularity={report.type !== 'funnel'}
        granularityLabel={report.type === 'retention' ? 'Cohort period' : 'Group by'}
        rangeHint="Whole days on the product's clock, both included."
      />
      <ReportResult
        query={query}
        chart={report.chart}
        incompleteText="Choose the From and To dates of the range."
      />
      <DeleteDialog
        title="Delete report"
        description={MESSAGES.reports.deleteConfirm(report.name)}
        open={confirmDelete}
        pending={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate({ id: report.id, name: report.name })}
      />
    </section>
  );
}
