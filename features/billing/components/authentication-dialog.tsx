import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { formatMoney } from '@/lib/billing';
import { useAuthenticatePayment } from '../hooks/use-authenticate-payment';

/**
 * The bank's authentication step of the local payment provider (the 4000 0025 0000 3155 test
 * card), standing in for 3-D Secure: the card holder approves or refuses the payment.
 */
export function AuthenticationDialog({
  paymentId,
  amount,
  open,
}: {
  paymentId: number;
  amount: number;
  open: boolean;
}) {
  const answer = useAuthenticatePayment();
  return (
    <Dialog
      open={open}
      // Closing the bank's window is refusing: the payment must not wait forever.
      onOpenChange={(next) => {
        if (!next && !answer.isPending) answer.mutate({ id: paymentId, approved: false });
      }}
      title="Confirm your payment"
      description={`Your bank asks you to confirm this payment of ${formatMoney(amount)}.`}
    >
      {answer.error ? <FormAlert className="mb-4">{answer.error.message}</FormAlert> : null}
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ id: paymentId, approved: false })}
        >
          Refuse
        </Button>
        <Button
          loading={answer.isPending}
          onClick={() => answer.mutate({ id: paymentId, approved: true })}
        >
          Approve
        </Button>
      </div>
    </Dialog>
  );
}
