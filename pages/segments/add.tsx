import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: the builder and its dialogs stay out of the route's first load
// (docs/performance.md, "Route weight").
const NewSegmentView = dynamic(
  () => import('@/features/segments/components/segment-builder-view').then((m) => m.NewSegmentView),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /segments/add: a new segment. */
export default function NewSegmentPage() {
  return <NewSegmentView />;
}
