import type { Brand } from '@/lib/contracts/brands';
import { MESSAGES } from '@/lib/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { useRotateBrandKey } from '../hooks/use-rotate-brand-key';

/** Confirmation before POST /v1/brands/{id}/rotate-key. */
export function RotateKeyDialog({
  brand,
  onOpenChange,
}: {
  brand: Brand | null;
  onOpenChange: (open: boolean) => void;
}) {
  const rotate = useRotateBrandKey({
    onSuccess: () => {
      notify.success(MESSAGES.brands.keyRotated);
      onOpenChange(false);
    },
  });
  return (
    <ConfirmDialog
      open={brand !== null}
      onOpenChange={(open) => {
        if (!open) rotate.reset();
        onOpenChange(open);
      }}
      title="Rotate write key"
      description={brand ? MESSAGES.brands.rotateConfirm(brand.name) : ''}
      confirmLabel="Rotate key"
      variant="danger"
      pending={rotate.isPending}
      error={rotate.error?.message}
      onConfirm={() => brand && rotate.mutate(brand.id)}
    />
  );
}
