import { MESSAGES } from '@/lib/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export interface DeleteAttributeDialogProps {
  /** The attribute's name; the dialog is open while it is set. */
  name: string | null;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/** Confirmation before an attribute definition is deleted. */
export function DeleteAttributeDialog({
  name,
  pending,
  error,
  onConfirm,
  onOpenChange,
}: DeleteAttributeDialogProps) {
  return (
    <ConfirmDialog
      open={name !== null}
      onOpenChange={onOpenChange}
      title="Delete attribute"
      description={name !== null ? MESSAGES.profiles.deleteConfirm(name) : ''}
      confirmLabel="Delete"
      variant="danger"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    />
  );
}
