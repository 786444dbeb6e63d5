import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand with its form (docs/performance.md, "Route weight").
const ShortUrlsView = dynamic(
  () => import('@/features/short-urls/components/short-urls-view').then((m) => m.ShortUrlsView),
  { ssr: false, loading: () => <ViewLoading /> },
);

/** /shorten-urls: the current product's short links. */
export default function ShortenUrlsPage() {
  return <ShortUrlsView />;
}
