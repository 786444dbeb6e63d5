import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { SavedReport } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { ListFooter } from '@/components/list/list-footer';
import { PageHeader } from '@/components/list/page-header';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDeleteReport } from '../hooks/use-delete-report';
import { useReports } from '../hooks/use-reports';
import { REPORT_LIST_PAGE_SIZE } from '../lib/query-keys';
import { ReportsTable } from './list/reports-table';

/**
 * /reports/list: the saved reports of every product of the owner (the Product column tells
 * which), newest change first, with search, paging and delete.
 */
export function ReportsListView() {
  return (
    <section aria-labelledby="reports-heading">
      <PageHeader
        id="reports-heading"
        title="Reports"
        description="Saved trends, funnels and retention grids of your products."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Link href={paths.reportsDashboard()} className={buttonClasses('secondary')}>
              Dashboard
            </Link>
            <CreateReportLink />
          </div>
        }
      />
      <ReportsList />
    </section>
  );
}

function CreateReportLink() {
  return (
    <Link href={paths.reportCreate()} className={buttonClasses()}>
      <PlusIcon className="h-4 w-4" />
      Create report
    </Link>
  );
}

function ReportsList() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const reports = useReports({ search: debounced }, { limit: REPORT_LIST_PAGE_SIZE });
  const [doomed, setDoomed] = useState<SavedReport | null>(null);
  const remove = useDeleteReport({
    onSuccess: () => {
      setDoomed(null);
      notify.success(MESSAGES.reports.deleted);
    },
    onError: (err) => notify.error(err.message),
  });
  const { error } = reports;
  useEffect(() => {
    if (error) notify.error(MESSAGES.reports.failedToGetReports(error.message));
  }, [error]);

  const rows = reports.data?.pages.flatMap((p) => p.data) ?? [];
  const total = reports.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <div className="mb-4">
        <TextField
          label="Search reports"
          type="search"
          placeholder="Name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full max-w-sm"
        />
      </div>
      {reports.isPending ? (
        <RowsSkeleton
          label="Loading reports"
          columns={['w-48', 'w-16', 'w-24', 'w-10', 'w-20', 'ml-auto w-28']}
        />
      ) : null}
      {reports.isError && rows.length === 0 ? (
        <RetryAlert
          message={MESSAGES.reports.failedToGetReports(reports.error.message)}
          onRetry={() => void reports.refetch()}
        />
      ) : null}
      {reports.isSuccess && rows.length === 0 ? (
        debounced ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
            {MESSAGES.reports.listNoMatches}
          </p>
        ) : (
          <div
            role="region"
            aria-label="No reports"
            className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
          >
            <p className="text-sm text-slate-600">{MESSAGES.reports.listEmpty}</p>
            <CreateReportLink />
          </div>
        )
      ) : null}
      {rows.length > 0 ? (
        <>
          <ReportsTable reports={rows} onDelete={setDoomed} />
          <ListFooter
            className="mt-3"
            shown={rows.length}
            total={total}
            hasMore={reports.hasNextPage}
            loadingMore={reports.isFetchingNextPage}
            onLoadMore={() => void reports.fetchNextPage()}
          />
        </>
      ) : null}
      <DeleteDialog
        title="Delete report"
        description={MESSAGES.reports.deleteConfirm(doomed?.name ?? '')}
        open={doomed !== null}
        pending={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
        }}
      />
    </>
  );
}
