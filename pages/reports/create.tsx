import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// The builder, its previews and the chart load after the page shell (docs/performance.md).
const CreateReportView = dynamic(
  () =>
    import('@/features/reports/components/builder/report-builder-view').then(
      (m) => m.CreateReportView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

export default function CreateReportPage() {
  return <CreateReportView />;
}
