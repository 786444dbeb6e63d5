import { Button } from '@/components/ui/button';
import { RedoIcon, UndoIcon } from '@/components/ui/icons';
import { useKeyboardShortcut, type Shortcut } from '@/hooks/use-keyboard-shortcut';
import {
  selectCanRedo,
  selectCanUndo,
  selectReadOnly,
  useFlowEditorStore,
} from '../../state/editor-store';

const UNDO: Shortcut = { key: 'z', mod: true };
const REDO: Shortcut = { key: 'z', mod: true, shift: true };
const REDO_Y: Shortcut = { key: 'y', mod: true };

/** A shortcut pressed in an open dialog belongs to the dialog, not to the canvas behind it. */
const fromDialog = (e: KeyboardEvent) =>
  e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Undo and Redo of the flow editor: toolbar buttons and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y.
 * The keys never act from inside a field or the rich-text editor (they undo the typing there), nor
 * from a dialog, nor on a read-only flow.
 */
export function UndoRedoControls() {
  const canUndo = useFlowEditorStore(selectCanUndo);
  const canRedo = useFlowEditorStore(selectCanRedo);
  const readOnly = useFlowEditorStore(selectReadOnly);
  const undo = useFlowEditorStore((s) => s.undo);
  const redo = useFlowEditorStore((s) => s.redo);
  const run = (action: () => void) => (e: KeyboardEvent) => {
    if (!fromDialog(e)) action();
  };
  useKeyboardShortcut(UNDO, run(undo), !readOnly);
  useKeyboardShortcut(REDO, run(redo), !readOnly);
  useKeyboardShortcut(REDO_Y, run(redo), !readOnly);
  if (readOnly) return null;
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label="Undo"
        aria-keyshortcuts="Control+Z Meta+Z"
        title="Undo (Ctrl+Z)"
        disabled={!canUndo}
        onClick={undo}
      >
        <UndoIcon className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Redo"
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title="Redo (Ctrl+Shift+Z)"
        disabled={!canRedo}
        onClick={redo}
      >
        <RedoIcon className="h-4 w-4" />
      </Button>
    </div>
  );
}
