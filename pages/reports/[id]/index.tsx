import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

const ReportDetailsView = dynamic(
  () =>
    import('@/features/reports/components/details/report-details-view').then(
      (m) => m.ReportDetailsView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

export default function ReportDetailsPage() {
  return <ReportDetailsView />;
}
