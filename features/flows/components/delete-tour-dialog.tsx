import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** The one confirmation before a product tour is deleted (the list and the editor). */
export function DeleteTourDialog({
  name,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The tour's name, or null while none is chosen. */
  name: string | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onCancel();
      }}
      title="Delete product tour"
      description={`Delete "${name ?? ''}"? Customers stop seeing it at once. This cannot be undone.`}
      confirmLabel="Delete"
      variant="danger"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
