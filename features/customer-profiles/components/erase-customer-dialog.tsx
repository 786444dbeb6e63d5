import { useRouter } from 'next/router';
import { useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { EraseCustomerDialog } from '@/components/erase-customer-dialog';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { useEraseProfile } from '../hooks/use-erase-profile';

/** "Erase customer" on a profile (docs/data-rights.md, "Erasure"): the shared dialog, then the list. */
export function EraseCustomerButton({ id, who }: { id: number; who: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const erase = useEraseProfile(id, {
    onSuccess: () => {
      notify.success(MESSAGES.erasure.queued(who));
      setOpen(false);
      void router.push('/customer-profiles');
    },
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Erase customer
      </Button>
      <EraseCustomerDialog who={who} open={open} onOpenChange={setOpen} erase={erase} />
    </>
  );
}
