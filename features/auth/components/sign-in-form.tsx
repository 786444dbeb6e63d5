import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { signInBody } from '@/lib/contracts/auth';
import { paths } from '@/lib/paths';
import { safeNextPath } from '@/lib/safe-redirect';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useSignIn } from '../hooks/use-sign-in';
import { readRememberedEmail } from '../lib/remembered-email';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';

/** Sign-in (POST /v1/auth/sign-in): remembers the e-mail, stores the token, goes to ?next= or /brands. */
export function SignInForm() {
  const router = useRouter();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signInBody),
    mode: 'all',
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    const remembered = readRememberedEmail();
    if (remembered) setValue('email', remembered);
  }, [setValue]);

  const signIn = useSignIn({
    onSuccess: () => void router.replace(safeNextPath(router.query.next) ?? paths.home()),
    onError: (error, variables) =>
      setUnverifiedEmail(error.code === 'email_not_verified' ? variables.email : null),
  });

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to your Signpost account."
      footer={
        <>
          New to Signpost?{' '}
          <Link href={paths.signUp()} className={authLink}>
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => signIn.mutate(values))}
        className="flex flex-col gap-4"
      >
        {signIn.error ? <FormAlert>{signIn.error.message}</FormAlert> : null}
        {unverifiedEmail ? <ResendVerificationButton email={unverifiedEmail} /> : null}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="flex flex-col gap-1">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Link href={paths.resetPassword()} className={`self-end text-xs ${authLink}`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={signIn.isPending}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
