import { MESSAGES } from '@/lib/messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/** The one confirmation before a saved report is deleted. */
export function DeleteReportDialog({
  name,
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The report's name, or null while none is chosen. */
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
      title="Delete report"
      description={MESSAGES.reports.deleteConfirm(name ?? '')}
      confirmLabel="Delete"
      variant="danger"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
