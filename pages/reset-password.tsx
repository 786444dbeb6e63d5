import { ResetPasswordView } from '@/features/auth/components/reset-password-view';

export default function ResetPasswordPage() {
  return <ResetPasswordView />;
}
