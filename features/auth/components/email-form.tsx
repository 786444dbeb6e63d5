import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { emailOnlyBody, type EmailOnlyBody } from '@/lib/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

interface EmailMutation {
  mutate: (values: EmailOnlyBody) => void;
  isPending: boolean;
  isSuccess: boolean;
  data?: { message: string };
  error: { message: string } | null;
}

/** One e-mail field and a button, for the mail-a-link requests (reset, resend verification). */
export function EmailForm({
  mutation,
  submitLabel,
  variant,
}: {
  mutation: EmailMutation;
  submitLabel: string;
  variant?: 'secondary';
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailOnlyBody), mode: 'all', defaultValues: { email: '' } });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      className="flex flex-col gap-4"
    >
      {mutation.isSuccess && mutation.data ? (
        <FormAlert tone="success">{mutation.data.message}</FormAlert>
      ) : null}
      {mutation.error ? <FormAlert>{mutation.error.message}</FormAlert> : null}
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" variant={variant} className="w-full" loading={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
