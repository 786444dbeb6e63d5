import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MESSAGES } from '@/lib/messages';

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
      description={MESSAGES.flows.deleteConfirm(name ?? '')}
      confirmLabel="Delete"
      variant="danger"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
