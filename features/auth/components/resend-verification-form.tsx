import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { emailOnlyBody } from '@/lib/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useResendVerification } from '../hooks/use-resend-verification';

/** Asks for the e-mail and sends a new verification link (POST /v1/auth/resend-verification). */
export function ResendVerificationForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), mode: 'all', defaultValues: { email: '' } });
  const resend = useResendVerification();

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => resend.mutate(values))}
      className="flex flex-col gap-4"
    >
      {resend.isSuccess ? <FormAlert tone="success">{resend.data.message}</FormAlert> : null}
      {resend.error ? <FormAlert>{resend.error.message}</FormAlert> : null}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" variant="secondary" className="w-full" loading={resend.isPending}>
        Resend verification e-mail
      </Button>
    </form>
  );
}
