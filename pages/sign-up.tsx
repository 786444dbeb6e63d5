import { SignUpForm } from '@/features/auth/components/sign-up-form';

export default function SignUpPage() {
  return <SignUpForm />;
}
