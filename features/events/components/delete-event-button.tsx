import { useRouter } from 'next/router';
import { useState } from 'react';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useDeleteEvent } from '../hooks/use-delete-event';

/**
 * Delete, after a confirmation. By default (the details page) back to the events list when it is
 * gone; the list passes `onDeleted` instead and `compact` for an icon button named after the
 * event ("Delete Signed up").
 */
export function DeleteEventButton({
  event,
  onDeleted,
  compact = false,
}: {
  event: EventDef;
  onDeleted?: (event: EventDef) => void;
  compact?: boolean;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  // The dialog has no Radix trigger to return to: once it closes, the focus comes back to this
  // button (unless it went elsewhere, or the button left with its row).
  const focus = useReturnFocus();
  const show = () => {
    focus.remember();
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    focus.giveBack();
  };
  const remove = useDeleteEvent({
    onSuccess: (_, deleted) => {
      close();
      notify.success(MESSAGES.events.deleted);
      if (onDeleted) onDeleted(deleted);
      else void router.push(paths.events());
    },
    onError: (error) => {
      close();
      notify.error(MESSAGES.events.failedToDelete(error.message));
    },
  });
  return (
    <>
      {compact ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={show}
          aria-label={`Delete ${event.name}`}
          title="Delete"
          className="px-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
        >
          <TrashIcon className="h-4 w-4" />
        </Button>
      ) : (
        <Button
          variant="ghost"
          onClick={show}
          className="text-red-600 hover:bg-red-50 hover:text-red-700"
        >
          <TrashIcon className="h-4 w-4" />
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => (next ? show() : close())}
        title="Delete event"
        description={MESSAGES.events.deleteConfirm(event.name)}
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(event)}
      />
    </>
  );
}
