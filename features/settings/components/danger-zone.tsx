import { useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import {
  useCancelProductDeletion,
  useProductDeletion,
  useRequestProductDeletion,
} from '../hooks/use-product-deletion';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Pending({ brandId, dueAt }: { brandId: number; dueAt: string }) {
  const cancel = useCancelProductDeletion(brandId, {
    onSuccess: () => notify.success(MESSAGES.productDeletion.cancelled),
  });
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-md bg-red-50 p-4 text-sm text-red-900"
    >
      <p>
        This product and all its data will be deleted on <strong>{when(dueAt)}</strong>.
      </p>
      {cancel.error ? <FormAlert>{cancel.error.message}</FormAlert> : null}
      <div>
        <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel deletion
        </Button>
      </div>
    </div>
  );
}

function Ask({ brandId }: { brandId: number }) {
  const [typed, setTyped] = useState('');
  const request = useRequestProductDeletion(brandId, {
    onSuccess: (d) => notify.success(MESSAGES.productDeletion.requested(when(d.due_at))),
  });
  return (
    <form
      aria-label="Delete this product"
      className="flex max-w-xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        request.mutate(typed);
      }}
    >
      <p className="text-sm text-slate-700">
        Deletes the product, its customers, events, tours, segments and reports for good, 24 hours
        after you ask. Until then it keeps working and you can cancel.
      </p>
      <TextField
        label="Type the product’s name to confirm"
        hint="As it is written under General."
        value={typed}
        autoComplete="off"
        onChange={(e) => {
          setTyped(e.target.value);
          // A refusal was about the name typed before: it goes with it.
          if (request.isError) request.reset();
        }}
        error={request.error?.message}
      />
      <div>
        <Button
          type="submit"
          variant="danger"
          disabled={typed.trim() === ''}
          loading={request.isPending}
        >
          Delete product
        </Button>
      </div>
    </form>
  );
}

/** Settings → Danger zone (docs/data-rights.md, "Deleting a product"). */
export function DangerZone({ brandId }: { brandId: number }) {
  const deletion = useProductDeletion(brandId);
  if (deletion.isPending) return <Skeleton className="h-24 w-full max-w-xl" />;
  if (deletion.isError)
    return <RetryAlert message={deletion.error.message} onRetry={() => void deletion.refetch()} />;
  return deletion.data ? (
    <Pending brandId={brandId} dueAt={deletion.data.due_at} />
  ) : (
    <Ask brandId={brandId} />
  );
}
