import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { emailOnlyBody } from '@/lib/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForgotPassword } from '../hooks/use-forgot-password';

/** Step 1 of the reset: e-mail → POST /v1/auth/forgot-password. */
export function RequestResetForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), mode: 'all', defaultValues: { email: '' } });
  const forgot = useForgotPassword();

  if (forgot.isSuccess) return <FormAlert tone="success">{forgot.data.message}</FormAlert>;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => forgot.mutate(values))}
      className="flex flex-col gap-4"
    >
      {forgot.error ? <FormAlert>{forgot.error.message}</FormAlert> : null}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" loading={forgot.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
