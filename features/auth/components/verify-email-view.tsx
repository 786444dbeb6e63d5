import Link from 'next/link';
import { useRouter } from 'next/router';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { TextField } from '@/components/ui/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { useVerifyEmail } from '../hooks/use-verify-email';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * Errors about the password keep the form (a wrong one is sign-in's error, a throttled one its
 * 429); any other failure ends in "Verification failed".
 */
const PASSWORD_ERRORS = new Set(['password_required', 'invalid_credentials', 'rate_limited']);

/**
 * Reads ?token= and shows the "confirm your password" step: the password chosen at sign-up
 * verifies the address and signs the person in, landing on Home (docs/security.md, "Verify and sign in"). Never by itself,
 * so a link opened by a mail scanner or a preview spends nothing, and a link from someone else's
 * sign-up of this address verifies nothing (docs/security.md, "Accounts").
 */
export function VerifyEmailView() {
  const router = useRouter();
  const token = typeof router.query.token === 'string' ? router.query.token : '';
  const verify = useVerifyEmail({
    onSuccess: (session) => {
      notify.success(session.message);
      void router.replace(paths.home());
    },
  });
  const [password, setPassword] = useState('');
  const passwordError =
    verify.error && PASSWORD_ERRORS.has(verify.error.code ?? '') ? verify.error.message : undefined;

  const footer = (
    <Link href={paths.signIn()} className={authLink}>
      Back to sign in
    </Link>
  );

  if (verify.isSuccess) {
    // Signed in: on the way to Home.
    return (
      <AuthCard title="E-mail verified">
        <FormAlert tone="success">{MESSAGES.auth.verified}</FormAlert>
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
    <AuthCard title="Confirm your password" footer={footer}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          verify.mutate({ token, password });
        }}
      >
        <p className="text-sm text-slate-600">
          Enter the password you chose when you signed up: it confirms this e-mail address is yours
          and signs you in.
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
          Verify and sign in
        </Button>
      </form>
    </AuthCard>
  );
}
