import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const SignInForm = dynamic(
  () => import('@/features/auth/components/sign-in-form').then((m) => m.SignInForm),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function SignInPage() {
  return <SignInForm />;
}
