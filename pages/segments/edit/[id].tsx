import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: the builder and its dialogs stay out of the route's first load
// (docs/performance.md, "Route weight").
const EditSegmentView = dynamic(
  () =>
    import('@/features/segments/components/segment-builder-view').then((m) => m.EditSegmentView),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /segments/edit/{id}: a saved segment in the builder. */
export default function EditSegmentPage() {
  return <EditSegmentView />;
}
