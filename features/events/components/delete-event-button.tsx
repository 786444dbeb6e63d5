import { useRouter } from 'next/router';
import { useState } from 'react';
import type { EventDef } from '@/lib/contracts/events';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TrashIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useDeleteEvent } from '../hooks/use-delete-event';

/** Delete, after a confirmation; back to the events list when it is gone. */
export function DeleteEventButton({ event }: { event: EventDef }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const remove = useDeleteEvent({
    onSuccess: () => {
      setOpen(false);
      notify.success(MESSAGES.events.deleted);
      void router.push(paths.events());
    },
    onError: (error) => {
      setOpen(false);
      notify.error(MESSAGES.events.failedToDelete(error.message));
    },
  });
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
      >
        <TrashIcon className="h-4 w-4" />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
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
