import { DeleteDialog } from '@/components/ui/delete-dialog';
import { useRouter } from 'next/router';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useDeleteFlow } from '../../hooks/use-delete-flow';
import { useFlowEditorStore } from '../../state/editor-store';

/**
 * Deletes the saved tour from the editor, after the same confirmation as the list; a failure
 * shows "Failed to delete Flow: …" (the editor's spelling, docs/product/messages.md#flows).
 * A tour not saved yet has nothing to delete. `onOpen` opens the dialog (the header also offers
 * it from its More actions menu).
 */
export function DeleteTourButton({ onOpen }: { onOpen: () => void }) {
  const flowId = useFlowEditorStore((s) => s.flowId);
  if (flowId === null) return null;
  return (
    <Button variant="ghost" size="sm" aria-label="Delete tour" onClick={onOpen}>
      <TrashIcon className="h-4 w-4" />
    </Button>
  );
}

/** The confirmation of Delete tour and the delete itself. */
export function DeleteTourDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const flowId = useFlowEditorStore((s) => s.flowId);
  const name = useFlowEditorStore((s) => s.draft?.name ?? '');
  const reset = useFlowEditorStore((s) => s.reset);
  const remove = useDeleteFlow({
    onSuccess: (_, flow) => {
      onClose();
      notify.success(MESSAGES.flows.deleted(flow.name));
      // Nothing is left to save: leave without the Discard Changes question.
      reset();
      void router.push(paths.flows());
    },
    onError: (err) => notify.error(MESSAGES.flows.failedToDeleteFlow(err.message)),
  });
  if (flowId === null) return null;
  return (
    <DeleteDialog
      title="Delete product tour"
      description={MESSAGES.flows.deleteConfirm(name)}
      open={open}
      pending={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate({ id: flowId, name })}
    />
  );
}
