import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const MetadataAttributesView = dynamic(
  () =>
    import('@/features/customer-profiles/components/metadata-attributes-view').then(
      (m) => m.MetadataAttributesView,
    ),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function MetadataAttributesPage() {
  return <MetadataAttributesView />;
}
