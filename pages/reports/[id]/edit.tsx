import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

const EditReportView = dynamic(
  () =>
    import('@/features/reports/components/builder/report-builder-view').then(
      (m) => m.EditReportView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

export default function EditReportPage() {
  return <EditReportView />;
}
