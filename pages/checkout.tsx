import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const CheckoutView = dynamic(
  () => import('@/features/billing/components/checkout-view').then((m) => m.CheckoutView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function CheckoutPage() {
  return <CheckoutView />;
}
