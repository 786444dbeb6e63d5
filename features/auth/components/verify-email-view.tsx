import Link from 'next/link';
import { useRouter } from 'next/router';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/layout/spinner';
import { useVerifyEmail } from '../hooks/use-verify-email';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * Reads ?token= and verifies when the person clicks "Verify e-mail" — never by itself, so a link
 * opened by a mail scanner or a preview spends nothing and verifies nobody.
 */
export function VerifyEmailView() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const verify = useVerifyEmail();

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
    <AuthCard title="Verify your e-mail" footer={footer}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          Confirm that this e-mail address is yours to finish creating your account.
        </p>
        <button
          type="button"
          className={buttonClasses('primary', 'md', 'w-full')}
          disabled={!router.isReady || verify.isPending}
          onClick={() => verify.mutate({ token })}
        >
          {verify.isPending ? (
            <>
              <Spinner label={null} className="text-white" />
              Verifying…
            </>
          ) : (
            'Verify e-mail'
          )}
        </button>
      </div>
    </AuthCard>
  );
}
