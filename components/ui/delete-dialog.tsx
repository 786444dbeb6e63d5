import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The one confirmation before something is deleted: a danger button, and no closing while the
 * delete runs (the answer decides what happens next).
 */
export function DeleteDialog({
  title,
  description,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
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
      title={title}
      description={description}
      confirmLabel="Delete"
      variant="danger"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
