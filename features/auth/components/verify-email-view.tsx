import Link from 'next/link';
import { useRouter } from 'next/router';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { useVerifyEmail } from '../hooks/use-verify-email';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/** Errors about the password keep the form; any other failure ends in "Verification failed". */
const PASSWORD_ERRORS = new Set(['password_required', 'password_mismatch']);

/**
 * Reads ?token= and verifies when the person enters the password they chose at sign-up and
 * clicks "Verify e-mail" — never by itself, so a link opened by a mail scanner or a preview
 * spends nothing, and a link from someone else's sign-up of this address verifies nothing
 * (docs/security.md, "Accounts").
 */
export function VerifyEmailView() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const verify = useVerifyEmail();
  const [password, setPassword] = useState('');
  const passwordError =
    verify.error && PASSWORD_ERRORS.has(verify.error.code ?? '') ? verify.error.message : undefined;

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

  const failed = (verify.isError && !passwordError) || (router.isReady && !token);
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
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          verify.mutate({ token, password });
        }}
      >
        <p className="text-sm text-slate-600">
          Enter the password you chose when you signed up to confirm this e-mail address is yours.
        </p>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          maxLength={256}
        />
        <Button
          type="submit"
          className="w-full"
          loading={verify.isPending}
          disabled={!router.isReady}
        >
          Verify e-mail
        </Button>
      </form>
    </AuthCard>
  );
}
