import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const DataAttributesView = dynamic(
  () =>
    import('@/features/customer-profiles/components/data-attributes-view').then(
      (m) => m.DataAttributesView,
    ),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function DataAttributesPage() {
  return <DataAttributesView />;
}
