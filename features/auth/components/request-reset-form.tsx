import { FormAlert } from '@/components/ui/form-alert';
import { useForgotPassword } from '../hooks/use-forgot-password';
import { EmailForm } from './email-form';

/** Step 1 of the reset: e-mail → POST /v1/auth/forgot-password. */
export function RequestResetForm() {
  const forgot = useForgotPassword();
  if (forgot.isSuccess) return <FormAlert tone="success">{forgot.data.message}</FormAlert>;
  return <EmailForm mutation={forgot} submitLabel="Send reset link" />;
}
