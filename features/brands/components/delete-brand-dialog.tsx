import type { Brand } from '@/lib/contracts/brands';
import { MESSAGES } from '@/lib/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { useDeleteBrand } from '../hooks/use-delete-brand';

/** Confirmation before DELETE /v1/brands/{id}. */
export function DeleteBrandDialog({
  brand,
  onOpenChange,
}: {
  brand: Brand | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteBrand({
    onSuccess: () => {
      notify.success(MESSAGES.brands.deleted);
      onOpenChange(false);
    },
  });
  return (
    <ConfirmDialog
      open={brand !== null}
      onOpenChange={(open) => {
        if (!open) remove.reset();
        onOpenChange(open);
      }}
      title="Delete product"
      description={brand ? MESSAGES.brands.deleteConfirm(brand.name) : ''}
      confirmLabel="Delete"
      variant="danger"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => brand && remove.mutate(brand.id)}
    />
  );
}
