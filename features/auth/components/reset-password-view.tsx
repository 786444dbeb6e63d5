import Link from 'next/link';
import { useRouter } from 'next/router';
import { paths } from '@/lib/paths';
import { Spinner } from '@/components/layout/spinner';
import { AuthCard, authLink } from './auth-card';
import { RequestResetForm } from './request-reset-form';
import { SetPasswordForm } from './set-password-form';

/** /reset-password: without ?token= asks for the e-mail, with it sets the new password. */
export function ResetPasswordView() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const footer = (
    <>
      Remembered it?{' '}
      <Link href={paths.signIn()} className={authLink}>
        Sign in
      </Link>
    </>
  );

  if (!router.isReady) {
    return (
      <AuthCard title="Reset password">
        <Spinner className="text-brand-600" />
      </AuthCard>
    );
  }

  if (token) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <SetPasswordForm token={token} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset password"
      subtitle="Enter your e-mail and we will send you a link to choose a new password."
      footer={footer}
    >
      <RequestResetForm />
    </AuthCard>
  );
}
