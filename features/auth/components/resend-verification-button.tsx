import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { useResendVerification } from '../hooks/use-resend-verification';

/** "Resend verification e-mail" for an address already known (sign-in refusal, sign-up done). */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useResendVerification({
    onSuccess: (result) => notify.success(result.message),
    onError: (error) => notify.error(error.message),
  });
  return (
    <Button
      variant="secondary"
      className="w-full"
      loading={resend.isPending}
      onClick={() => resend.mutate({ email })}
    >
      Resend verification e-mail
    </Button>
  );
}
