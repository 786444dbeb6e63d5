import { Pill } from '@/components/ui/pill';
import { useState } from 'react';
import { Button, focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useFlowSaveActions } from '../../hooks/use-flow-save-actions';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { selectDirty, selectReadOnly, useFlowEditorStore } from '../../state/editor-store';
import { FlowTitleInput } from './flow-title-input';
import { PreviewDialog } from './preview-dialog';
import { PublishDialog } from './publish-dialog';
import { DeleteTourButton, DeleteTourDialog } from './delete-tour-button';
import { UndoRedoControls } from './undo-redo-controls';
import { EditorActionsMenu } from './editor-actions-menu';

const isDirtyNow = () => selectDirty(useFlowEditorStore.getState());
/** A new tour moving to its own address after its first save is not leaving the editor. */
const staysInEditor = (url: string) => {
  const { flowId } = useFlowEditorStore.getState();
  return flowId !== null && url.split(/[?#]/)[0] === paths.flow(flowId);
};

/**
 * The flow editor's header (docs/product/screens.md#22-layout-and-session-rules): back (asking
 * first when changes are unsaved), the editable title, Preview, Save and Publish / Unpublish, with
 * the dialogs of docs/product/screens.md#23-dialogs.
 */
export function FlowEditorHeader() {
  const draft = useFlowEditorStore((s) => s.draft);
  const status = useFlowEditorStore((s) => s.status);
  const dirty = useFlowEditorStore(selectDirty);
  const readOnly = useFlowEditorStore(selectReadOnly);
  const setName = useFlowEditorStore((s) => s.setName);
  const startEditing = useFlowEditorStore((s) => s.startEditing);
  const guard = useLeaveGuard(isDirtyNow, staysInEditor);
  // While the typed title is invalid nothing is saved (it would save the old name silently).
  const [titleInvalid, setTitleInvalid] = useState(false);
  const [nameShown, setNameShown] = useState(draft?.name);
  if (nameShown !== draft?.name) {
    setNameShown(draft?.name);
    setTitleInvalid(false); // a new name from a save or a load replaces what was typed
  }
  const [dialog, setDialog] = useState<'publish' | 'unpublish' | 'preview' | 'delete' | null>(null);
  const actions = useFlowSaveActions({ onSaved: () => setDialog(null) });
  const published = status === 'published';
  const openPublish = () => {
    // Publishing checks the whole flow: every problem shows from now on (docs/product/validation.md#51-forms-in-general).
    useFlowEditorStore.getState().markChecked();
    setDialog('publish');
  };

  return (
    <>
      <button
        type="button"
        aria-label="Back"
        onClick={() => guard.leave(paths.flows())}
        className={cn('rounded-md p-1.5 text-slate-600 hover:bg-slate-100', focusRing)}
      >
        <ArrowLeftIcon />
      </button>
      {draft ? (
        <>
          <FlowTitleInput
            name={draft.name}
            onChange={setName}
            onProblem={(p) => setTitleInvalid(p !== null)}
            readOnly={readOnly}
          />
          <Pill tone={published ? 'on' : 'off'} className="hidden shrink-0 sm:inline">
            {published ? 'Published' : 'Unpublished'}
            {dirty ? ' · unsaved changes' : ''}
          </Pill>
          {/* Below lg the actions fold into More actions: all reachable on a phone (390 px). */}
          <div className="ml-auto hidden shrink-0 items-center gap-2 lg:flex">
            <UndoRedoControls />
            <DeleteTourButton onOpen={() => setDialog('delete')} />
            <Button variant="secondary" size="sm" onClick={() => setDialog('preview')}>
              Preview
            </Button>
            {readOnly ? (
              <Button variant="secondary" size="sm" onClick={startEditing}>
                Edit
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={actions.save}
                loading={actions.pending && dialog === null}
                disabled={actions.pending || titleInvalid}
              >
                Save
              </Button>
            )}
            {published ? (
              <Button variant="danger" size="sm" onClick={() => setDialog('unpublish')}>
                Unpublish
              </Button>
            ) : (
              <Button size="sm" onClick={openPublish} disabled={titleInvalid}>
                Publish
              </Button>
            )}
          </div>
          <EditorActionsMenu
            className="ml-auto shrink-0 lg:hidden"
            readOnly={readOnly}
            published={published}
            canSave={!actions.pending && !titleInvalid}
            canPublish={!titleInvalid}
            onPreview={() => setDialog('preview')}
            onEdit={startEditing}
            onSave={actions.save}
            onPublish={openPublish}
            onUnpublish={() => setDialog('unpublish')}
            onDelete={() => setDialog('delete')}
          />
          <DeleteTourDialog open={dialog === 'delete'} onClose={() => setDialog(null)} />
          <PublishDialog
            open={dialog === 'publish'}
            onOpenChange={(open) => setDialog(open ? 'publish' : null)}
            flow={draft}
            pending={actions.pending}
            onPublish={actions.publish}
          />
          <ConfirmDialog
            open={dialog === 'unpublish'}
            onOpenChange={(open) => setDialog(open ? 'unpublish' : null)}
            title="Unpublish Flow"
            description={
              <>
                {MESSAGES.flows.unpublishConfirm(draft.name)}
                <span className="mt-3 block rounded-md bg-amber-50 p-3 text-amber-800">
                  {MESSAGES.flows.unpublishWarning}
                </span>
              </>
            }
            confirmLabel="Unpublish"
            variant="danger"
            pending={actions.pending}
            onConfirm={actions.unpublish}
          />
          {dialog === 'preview' ? (
            <PreviewDialog steps={draft.steps} onClose={() => setDialog(null)} />
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={guard.pendingUrl !== null}
        onOpenChange={(open) => !open && guard.stay()}
        title="Discard Changes"
        description={MESSAGES.discardConfirm}
        confirmLabel="Discard"
        variant="danger"
        onConfirm={guard.discard}
      />
    </>
  );
}
