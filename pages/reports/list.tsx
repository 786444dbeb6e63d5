import { ReportsListView } from '@/features/reports/components/reports-list-view';

export default function ReportsListPage() {
  return <ReportsListView />;
}
