/** Props every trigger-condition dialog takes: it edits a copy and hands back the result. */
export interface ConditionDialogProps<T> {
  open: boolean;
  /** The saved value being edited, or null when adding a new condition. */
  initial: T | null;
  /** The product (brand) whose events and attributes the pickers list. */
  brandId: number;
  /** Shows the values without letting them change (published flow not in edit mode). */
  readOnly?: boolean;
  /** The new value; null removes the condition (empty save, delete, or apply with no event). */
  onSave: (next: T | null) => void;
  /** Closes without saving (Discard, Cancel, Esc). */
  onClose: () => void;
}
