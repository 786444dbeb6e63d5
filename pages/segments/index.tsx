import { SegmentsView } from '@/features/segments/components/segments-view';

export default function SegmentsPage() {
  return <SegmentsView />;
}
