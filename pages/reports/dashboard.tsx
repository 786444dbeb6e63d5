import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

const ReportsDashboardView = dynamic(
  () =>
    import('@/features/reports/components/dashboard/reports-dashboard-view').then(
      (m) => m.ReportsDashboardView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /reports/dashboard?pid=: a product's dashboard (the current product without `pid`). */
export default function ReportsDashboardPage() {
  return <ReportsDashboardView />;
}
