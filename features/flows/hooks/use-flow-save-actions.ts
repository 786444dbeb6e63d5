import { useRouter } from 'next/router';
import { notify } from '@/components/ui/toast';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFlowEditorStore } from '../state/editor-store';
import { useSaveFlow } from './use-save-flow';

/**
 * Save, publish and unpublish of the flow being edited: each sends the whole draft with the
 * publish flag it wants; a new flow gets its address once saved.
 */
export function useFlowSaveActions(options: { onSaved?: () => void } = {}) {
  const router = useRouter();
  const save = useSaveFlow({
    onSuccess: (flow, { id, body }) => {
      useFlowEditorStore.getState().markSaved(flow, body);
      notify.success(MESSAGES.flows.updated);
      options.onSaved?.();
      if (id === null) void router.replace(paths.flow(flow.id));
    },
    onError: (err, { id }) =>
      notify.error(
        id === null
          ? MESSAGES.flows.failedToCreate(err.message)
          : MESSAGES.flows.failedToUpdate(err.message),
      ),
  });
  const send = (publish: boolean) => {
    const { draft, flowId, markChecked } = useFlowEditorStore.getState();
    markChecked(); // every problem shows from now on (docs/product/validation.md#51-forms-in-general)
    if (draft) save.mutate({ id: flowId, body: { ...draft, publish } });
  };
  /**
   * Unpublishing saves the stored flow with the new status; edits stay unsaved
   * (docs/product/screens.md#unpublish-flow).
   */
  const unpublish = () => {
    const { saved, draft, flowId } = useFlowEditorStore.getState();
    const body = saved ?? draft;
    if (body) save.mutate({ id: flowId, body: { ...body, publish: false } });
  };
  return {
    /** Saves with the current publication status. */
    save: () => send(useFlowEditorStore.getState().status === 'published'),
    publish: () => send(true),
    unpublish,
    pending: save.isPending,
  };
}
