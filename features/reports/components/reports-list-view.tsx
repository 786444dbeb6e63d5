import { DeleteDialog } from '@/components/ui/delete-dialog';
import Link from 'next/link';
import { useState } from 'react';
import type { SavedReport } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { PagedList } from '@/components/list/paged-list';
import { ListSearch, useListSearch } from '@/components/list/list-search';
import { CreateLink, PageHeader } from '@/components/list/page-header';
import { buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { useDeleteReport } from '../hooks/use-delete-report';
import { useReports } from '../hooks/use-reports';
import { REPORT_LIST_PAGE_SIZE } from '../lib/query-keys';
import { ReportsTable } from './list/reports-table';

const createReport = <CreateLink href={paths.reportCreate()}>Create report</CreateLink>;

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
            {createReport}
          </div>
        }
      />
      <ReportsList />
    </section>
  );
}

function ReportsList() {
  const search = useListSearch();
  const reports = useReports({ search: search.query }, { limit: REPORT_LIST_PAGE_SIZE });
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
      <ListSearch
        label="Search reports"
        placeholder="Name"
        value={search.text}
        onChange={search.setText}
      />
      <PagedList
        query={reports}
        loading={{
          label: 'Loading reports',
          columns: ['w-48', 'w-16', 'w-24', 'w-10', 'w-20', 'ml-auto w-28'],
        }}
        failed={MESSAGES.reports.failedToGetReports}
        noMatches={search.query ? MESSAGES.reports.listNoMatches : undefined}
        empty={{
          label: 'No reports',
          text: MESSAGES.reports.listEmpty,
          action: createReport,
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
