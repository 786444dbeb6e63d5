import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: the chart, the report's controls and the flow query stay out of the route's
// first load (docs/performance.md, "Route weight").
const FlowReportView = dynamic(
  () => import('@/features/flows/components/report/flow-report-view').then((m) => m.FlowReportView),
  { ssr: false, loading: () => <ViewLoading /> },
);

export default function FlowReportPage() {
  return <FlowReportView />;
}
