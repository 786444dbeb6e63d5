import { SignInForm } from '@/features/auth/components/sign-in-form';

export default function SignInPage() {
  return <SignInForm />;
}
