import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand (docs/performance.md, "Route weight").
const SegmentDetailsView = dynamic(
  () =>
    import('@/features/segments/components/segment-details-view').then((m) => m.SegmentDetailsView),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /segments/{id}: one segment's rules and members. */
export default function SegmentDetailsPage() {
  return <SegmentDetailsView />;
}
