import { useState } from 'react';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { MESSAGES } from '@/lib/messages';
import { EraseCustomerDialog } from '@/components/erase-customer-dialog';
import { notify } from '@/components/ui/toast';
import { useEraseCustomer, useFindCustomer } from '../hooks/use-erasures';

export const notFoundMessage = (key: string) =>
  `No customer of this product has the id “${key}”. Check the id as your app sends it (case matters).`;

/**
 * Settings → Data → Erase a customer (docs/data-rights.md, "From Settings → Data"): the exact
 * customer id is looked up, then the profile page's erase dialog opens for it.
 */
export function EraseCustomerFinder({ brandId }: { brandId: number }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [profile, setProfile] = useState<CustomerProfile | null>(null);
  const find = useFindCustomer(brandId);

  const submit = () => {
    const wanted = key.trim();
    if (!wanted) {
      setError('Enter the customer id your app sends.');
      return;
    }
    setError(undefined);
    find.mutate(wanted, {
      onSuccess: (found) => {
        if (found) setProfile(found);
        else setError(notFoundMessage(wanted));
      },
      onError: (e) => setError(e.message),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-2xl text-sm text-slate-600">
        Forget one customer on their request: their profile, events and tour sessions are erased,
        and the log below records who asked and when, without naming them.
      </p>
      <form
        aria-label="Find a customer to erase"
        className="flex max-w-xl flex-wrap items-start gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Customer id"
          className="min-w-64 flex-1"
          value={key}
          error={error}
          onChange={(e) => {
            setKey(e.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" variant="secondary" className="mt-7" loading={find.isPending}>
          Find
        </Button>
      </form>
      {profile ? (
        <EraseFound
          key={profile.id}
          brandId={brandId}
          profile={profile}
          onClose={() => setProfile(null)}
          onErased={() => setKey('')}
        />
      ) : null}
    </div>
  );
}

/** The shared erase dialog for the customer found, open until erased or cancelled. */
function EraseFound({
  brandId,
  profile,
  onClose,
  onErased,
}: {
  brandId: number;
  profile: CustomerProfile;
  onClose: () => void;
  onErased: () => void;
}) {
  const who = profile.name || profile.email || profile.customer_key;
  const erase = useEraseCustomer(brandId, profile.id, {
    onSuccess: () => {
      notify.success(MESSAGES.erasure.queued(who));
      onErased();
      onClose();
    },
  });
  return (
    <EraseCustomerDialog who={who} open onOpenChange={(open) => !open && onClose()} erase={erase} />
  );
}
