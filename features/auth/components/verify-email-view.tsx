import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/layout/spinner';
import { useVerifyEmail } from '../hooks/use-verify-email';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/** Reads ?token=, verifies once, then shows the result; a failure offers a new link. */
export function VerifyEmailView() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Tokens are single-use: never post the same one twice (Strict Mode re-runs effects).
    if (!router.isReady || !token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [router.isReady, token, mutate]);

  const footer = (
    <Link href={paths.signIn()} className={authLink}>
      Back to sign in
    </Link>
  );

  if (verify.isSuccess) {
    return (
      <AuthCard title="E-mail verified">
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{MESSAGES.auth.verified}</FormAlert>
          <Link href={paths.signIn()} className={buttonClasses('primary', 'md', 'w-full')}>
            Sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  const failed = verify.isError || (router.isReady && !token);
  if (failed) {
    return (
      <AuthCard title="Verification failed" footer={footer}>
        <div className="flex flex-col gap-4">
          <FormAlert>{verify.error?.message ?? MESSAGES.auth.invalidToken}</FormAlert>
          <p className="text-sm text-slate-600">
            Enter your e-mail address and we will send you a new verification link.
          </p>
          <ResendVerificationForm />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verifying your e-mail">
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner label={null} className="text-brand-600" />
        Verifying your e-mail address…
      </div>
    </AuthCard>
  );
}
