import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useState } from 'react';
import type { SavedReport } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
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
      <PagedList
        query={reports}
        loading={{
          label: 'Loading reports',
          columns: ['w-48', 'w-16', 'w-24', 'w-10', 'w-20', 'ml-auto w-28'],
        }}
        failed={MESSAGES.reports.failedToGetReports}
        noMatches={debounced ? MESSAGES.reports.listNoMatches : undefined}
        empty={{
          label: 'No reports',
          text: MESSAGES.reports.listEmpty,
          action: <CreateReportLink />,
        }}
      >
        {(rows) => <ReportsTable reports={rows} onDelete={setDoomed} />}
      </PagedList>
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
