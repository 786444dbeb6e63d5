import dynamic from 'next/dynamic';
import { ViewLoading } from '@/components/layout/spinner';

// Loaded on demand: forms and their validation stay out of the route's first load
// (docs/performance.md, "Route weight").
const SignUpForm = dynamic(
  () => import('@/features/auth/components/sign-up-form').then((m) => m.SignUpForm),
  {
    ssr: false,
    loading: () => <ViewLoading />,
  },
);

export default function SignUpPage() {
  return <SignUpForm />;
}
