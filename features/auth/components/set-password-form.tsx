import { zodResolver } from '@hookform/resolvers/zod';
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { resetPasswordBody, withConfirmation } from '@/lib/contracts/auth';
import { paths } from '@/lib/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { useResetPassword } from '../hooks/use-reset-password';
import { authLink } from './auth-card';

const schema = withConfirmation(resetPasswordBody);

/** Step 2 of the reset: new password for the e-mailed ?token= → POST /v1/auth/reset-password. */
export function SetPasswordForm({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: { token, password: '', confirm_password: '' },
  });
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{reset.data.message}</FormAlert>
        <Link href={paths.signIn()} className={buttonClasses('primary', 'md', 'w-full')}>
          Continue to sign in
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ token: t, password }) => reset.mutate({ token: t, password }))}
      className="flex flex-col gap-4"
    >
      {reset.error ? (
        <FormAlert>
          {reset.error.message}{' '}
          {reset.error.code === 'invalid_token' ? (
            <Link href={paths.resetPassword()} className={authLink}>
              Request a new link
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
      />
      <Button type="submit" className="w-full" loading={reset.isPending}>
        Set new password
      </Button>
    </form>
  );
}
