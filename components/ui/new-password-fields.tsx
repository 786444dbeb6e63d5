import type { UseFormRegisterReturn } from 'react-hook-form';
import { MESSAGES } from '@/lib/messages';
import { TextField } from './text-field';

export interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

/** "New password" with the rules hint, and "Confirm password" (reset and change forms). */
export function NewPasswordFields({ password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={MESSAGES.password.hint}
        error={errors.password}
        {...password}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm}
        {...confirm}
      />
    </>
  );
}
