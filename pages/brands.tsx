import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const BrandsView = dynamic(
  () => import('@/features/brands/components/brands-view').then((m) => m.BrandsView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function BrandsPage() {
  return <BrandsView />;
}
