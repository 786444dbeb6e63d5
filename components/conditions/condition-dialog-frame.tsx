import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface ConditionDialogFrameProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The form; mounted only while open, so every opening starts from the saved value. */
  children: ReactNode;
}

/** The wide modal every condition editor sits in; Esc, the close button and the overlay close it. */
export function ConditionDialogFrame({
  open,
  title,
  onClose,
  children,
}: ConditionDialogFrameProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      className="max-w-3xl"
    >
      {children}
    </Dialog>
  );
}

export interface ConditionDialogFooterProps {
  /** The left-hand control (Clear all, Delete or Cancel); nothing in read-only mode. */
  start?: ReactNode;
  onDiscard: () => void;
  /** The primary action; left out in read-only mode. */
  submit?: { label: string; onClick: () => void; disabled?: boolean };
}

/** Footer of a condition editor: a left-hand control, then Discard and the primary action. */
export function ConditionDialogFooter({ start, onDiscard, submit }: ConditionDialogFooterProps) {
  return (
    <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
      {start ?? <span />}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
        {submit ? (
          <Button onClick={submit.onClick} disabled={submit.disabled}>
            {submit.label}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
