import Link from 'next/link';
import { useRouter } from 'next/router';
import { ListFooter } from '@/components/list/list-footer';
import { pagedRows } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { buttonClasses } from '@/components/ui/button';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useBrandStore } from '@/stores/brand';
import { useReports } from '../../hooks/use-reports';
import { DASHBOARD_REPORT_LIMIT } from '../../lib/query-keys';
import { DashboardCard } from './dashboard-card';

/** The product of the dashboard: `?pid=` when it names one, else the product being looked at. */
function useDashboardBrand(): number | null | 'pending' {
  const { query, isReady } = useRouter();
  const current = useBrandStore((s) => s.brandId);
  if (!isReady) return 'pending';
  const pid = Number(Array.isArray(query.pid) ? query.pid[0] : query.pid);
  return Number.isInteger(pid) && pid > 0 ? pid : current;
}

/**
 * /reports and /reports/dashboard: a product's dashboard, its pinned reports as cards with their
 * charts, each opening full size.
 */
export function ReportsDashboardView() {
  const brandId = useDashboardBrand();
  const reports = useReports(
    { brand_id: typeof brandId === 'number' ? brandId : undefined, pinned: true, search: '' },
    { enabled: typeof brandId === 'number', limit: DASHBOARD_REPORT_LIMIT },
  );
  if (brandId === null) return <NoBrandState title="Reports need a tracked product" />;
  const { rows, total } = pagedRows(reports);
  const brandName = rows[0]?.brand_name;
  return (
    <section aria-labelledby="reports-dashboard-heading" className="flex flex-col gap-4">
      <PageHeader
        id="reports-dashboard-heading"
        title={brandName ? `Dashboard: ${brandName}` : 'Dashboard'}
        description="The reports pinned to this product's dashboard."
        actions={
          <div className="flex gap-2">
            <Link href={paths.reportsList()} className={buttonClasses('secondary')}>
              All reports
            </Link>
            <Link
              href={paths.reportCreate()}
              // A report created from a product's dashboard is about that product.
              onClick={() => {
                if (typeof brandId === 'number') useBrandStore.getState().setBrandId(brandId);
              }}
              className={buttonClasses('primary')}
            >
              Create report
            </Link>
          </div>
        }
      />
      {reports.isError ? (
        <RetryAlert
          message={MESSAGES.reports.failedToGetReports(reports.error.message)}
          onRetry={() => void reports.refetch()}
        />
      ) : !reports.data ? (
        <div role="status" aria-label="Loading the dashboard" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center text-sm text-slate-600">
          <p>
            No reports on this dashboard yet. Create one and keep &quot;Show on the product&apos;s
            dashboard&quot; ticked, or pin a saved one.
          </p>
          <Link href={paths.reportCreate()} className={buttonClasses('primary', 'md', 'mt-4')}>
            Create report
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Pinned reports">
            {rows.map((report) => (
              <li key={report.id} className="min-w-0">
                <DashboardCard report={report} />
              </li>
            ))}
          </ul>
          <ListFooter
            shown={rows.length}
            total={total}
            hasMore={Boolean(reports.hasNextPage)}
            loadingMore={reports.isFetchingNextPage}
            onLoadMore={() => void reports.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
