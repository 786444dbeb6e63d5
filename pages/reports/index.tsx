import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand with the dashboard's report views (docs/performance.md, "Route weight").
const ReportsDashboardView = dynamic(
  () =>
    import('@/features/reports/components/dashboard/reports-dashboard-view').then(
      (m) => m.ReportsDashboardView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /reports: the dashboard of the product being looked at. */
export default function ReportsPage() {
  return <ReportsDashboardView />;
}
