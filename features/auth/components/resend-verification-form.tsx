import { useResendVerification } from '../hooks/use-resend-verification';
import { EmailForm } from './email-form';

/** Asks for the e-mail and sends a new verification link (POST /v1/auth/resend-verification). */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  return (
    <EmailForm mutation={resend} submitLabel="Resend verification e-mail" variant="secondary" />
  );
}
