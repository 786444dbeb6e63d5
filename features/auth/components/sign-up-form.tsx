import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { signUpBody } from '@/lib/contracts/auth';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useSignUp } from '../hooks/use-sign-up';
import { AuthCard, authLink } from './auth-card';
import { ResendVerificationButton } from './resend-verification-button';

/** Sign-up (POST /v1/auth/sign-up); on success the form gives way to "check your inbox". */
export function SignUpForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signUpBody),
    mode: 'all',
    defaultValues: { name: '', email: '', password: '' },
  });
  const signUp = useSignUp();

  const footer = (
    <>
      Already have an account?{' '}
      <Link href={paths.signIn()} className={authLink}>
        Sign in
      </Link>
    </>
  );

  if (signUp.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={footer}>
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{MESSAGES.auth.signUpDone}</FormAlert>
          <p className="text-sm text-slate-600">
            We sent the link to{' '}
            <span className="font-medium text-slate-900">{signUp.data.email}</span>. It is valid for
            48 hours.
          </p>
          <ResendVerificationButton email={signUp.data.email} />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Track your product and guide your users with tours."
      footer={footer}
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => signUp.mutate(values))}
        className="flex flex-col gap-4"
      >
        {signUp.error ? <FormAlert>{signUp.error.message}</FormAlert> : null}
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={MESSAGES.password.hint}
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-xs text-slate-500">
          By creating an account you agree to the{' '}
          <Link href={paths.terms()} className={authLink}>
            Terms of Use and Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" className="w-full" loading={signUp.isPending}>
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
