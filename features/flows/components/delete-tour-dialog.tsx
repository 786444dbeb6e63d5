import { DeleteDialog } from '@/components/ui/delete-dialog';
import { MESSAGES } from '@/lib/messages';

/** The one confirmation before a product tour is deleted (the list and the editor). */
export function DeleteTourDialog(props: {
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
      title="Delete product tour"
      description={MESSAGES.flows.deleteConfirm(name ?? '')}
      {...rest}
    />
  );
}
