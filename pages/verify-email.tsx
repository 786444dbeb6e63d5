import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const VerifyEmailView = dynamic(
  () => import('@/features/auth/components/verify-email-view').then((m) => m.VerifyEmailView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function VerifyEmailPage() {
  return <VerifyEmailView />;
}
