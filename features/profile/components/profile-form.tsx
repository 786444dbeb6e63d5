import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { updateMeBody, type User } from '@/lib/contracts/auth';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useUpdateMe } from '../hooks/use-update-me';

/** Name and avatar URL (PUT /v1/users/me). */
export function ProfileForm({ user }: { user: User }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(updateMeBody),
    mode: 'all',
    defaultValues: { name: user.name, avatar: user.avatar ?? '' },
  });
  const update = useUpdateMe({
    onSuccess: (saved) => {
      reset({ name: saved.name, avatar: saved.avatar ?? '' });
      notify.success(MESSAGES.auth.profileUpdated);
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) =>
        update.mutate({ name: values.name, avatar: values.avatar ? values.avatar : null }),
      )}
      className="flex max-w-md flex-col gap-4"
    >
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <TextField
        label="E-mail"
        value={user.email}
        readOnly
        disabled
        hint="Your e-mail address cannot be changed here."
      />
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Avatar URL"
        type="url"
        placeholder="https://…"
        maxLength={2048}
        error={errors.avatar?.message}
        {...register('avatar')}
      />
      <div>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
