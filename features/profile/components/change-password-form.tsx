import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordBody, withConfirmation } from '@/lib/contracts/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useChangePassword } from '../hooks/use-change-password';

const schema = withConfirmation(changePasswordBody);
const EMPTY = { current_password: '', password: '', confirm_password: '' };

/**
 * Current + new + confirmation (PUT /v1/users/me/password; password rules of
 * docs/product/validation.md#53-password).
 */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), mode: 'all', defaultValues: EMPTY });
  const change = useChangePassword({
    onSuccess: (result) => {
      reset(EMPTY);
      notify.success(result.message);
    },
    onError: (error) => {
      if (error.code === 'wrong_password') setError('current_password', { message: error.message });
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ current_password, password }) =>
        change.mutate({ current_password, password }),
      )}
      className="flex max-w-md flex-col gap-4"
    >
      {change.error && change.error.code !== 'wrong_password' ? (
        <FormAlert>{change.error.message}</FormAlert>
      ) : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirm_password')}
        errors={{ password: errors.password?.message, confirm: errors.confirm_password?.message }}
      />
      <div>
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
