import { DeleteDialog } from '@/components/ui/delete-dialog';
import { MESSAGES } from '@/lib/messages';

/** The one confirmation before a saved report is deleted. */
export function DeleteReportDialog(props: {
  /** Its name, or null while none is chosen. */
  name: string | null;
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { name, ...rest } = props;
  return (
    <DeleteDialog
      title="Delete report"
      description={MESSAGES.reports.deleteConfirm(name ?? '')}
      {...rest}
    />
  );
}
