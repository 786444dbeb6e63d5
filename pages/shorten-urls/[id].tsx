import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand with its chart (docs/performance.md, "Route weight").
const ShortUrlDetailsView = dynamic(
  () =>
    import('@/features/short-urls/components/details/short-url-details-view').then(
      (m) => m.ShortUrlDetailsView,
    ),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /shorten-urls/{id}: one short link's clicks. */
export default function ShortUrlPage() {
  return <ShortUrlDetailsView />;
}
