import { buttonClasses } from '@/components/ui/button';
import { Menu, type MenuItem } from '@/components/ui/menu';
import { selectCanRedo, selectCanUndo, useFlowEditorStore } from '../../state/editor-store';

/** What the header's More actions menu may do (the header's own buttons' handlers). */
export interface EditorActionsMenuProps {
  className?: string;
  readOnly: boolean;
  published: boolean;
  canSave: boolean;
  canPublish: boolean;
  onPreview: () => void;
  onEdit: () => void;
  onSave: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
}

/**
 * The editor header's actions on a narrow screen (below `lg`, a phone at 390 px among them): one
 * "More actions" menu whose items keep the names of the header's buttons (Undo, Redo, Delete
 * tour, Preview, Edit or Save, Publish or Unpublish). Only what can be done now is listed.
 */
export function EditorActionsMenu(props: EditorActionsMenuProps) {
  const canUndo = useFlowEditorStore(selectCanUndo);
  const canRedo = useFlowEditorStore(selectCanRedo);
  const saved = useFlowEditorStore((s) => s.flowId !== null);
  const { undo, redo } = useFlowEditorStore.getState();
  const editable = !props.readOnly;
  const items: (MenuItem | false)[] = [
    editable && canUndo && { key: 'undo', label: 'Undo', onSelect: undo },
    editable && canRedo && { key: 'redo', label: 'Redo', onSelect: redo },
    saved && { key: 'delete', label: 'Delete tour', onSelect: props.onDelete },
    { key: 'preview', label: 'Preview', onSelect: props.onPreview },
    props.readOnly
      ? { key: 'edit', label: 'Edit', onSelect: props.onEdit }
      : props.canSave && { key: 'save', label: 'Save', onSelect: props.onSave },
    props.published
      ? { key: 'unpublish', label: 'Unpublish', onSelect: props.onUnpublish }
      : props.canPublish && { key: 'publish', label: 'Publish', onSelect: props.onPublish },
  ];
  return (
    <div className={props.className}>
      <Menu
        align="end"
        triggerClassName={buttonClasses('secondary', 'sm')}
        triggerProps={{ 'aria-label': 'More actions', title: 'More actions' }}
        trigger={<span aria-hidden="true">⋯</span>}
        items={items.filter((i): i is MenuItem => i !== false)}
      />
    </div>
  );
}
