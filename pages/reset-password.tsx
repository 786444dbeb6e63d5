import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const ResetPasswordView = dynamic(
  () => import('@/features/auth/components/reset-password-view').then((m) => m.ResetPasswordView),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function ResetPasswordPage() {
  return <ResetPasswordView />;
}
