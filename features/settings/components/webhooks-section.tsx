import { useState } from 'react';
import { MESSAGES } from '@/lib/messages';
import { CreateButton } from '@/components/list/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import type { Webhook, WebhookWithSecret } from '@/api/webhooks';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { useDeleteWebhook, useRotateWebhookSecret, useWebhooks } from '../hooks/use-webhooks';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog, type SecretReason } from './webhook-secret-dialog';
import { WebhooksTable } from './webhooks-table';

type Shown = { secret: string; url: string; reason: SecretReason };
const shownOf = (saved: WebhookWithSecret, reason: SecretReason): Shown => ({
  secret: saved.secret,
  url: saved.url,
  reason,
});

/**
 * Settings → Webhooks (docs/webhooks.md, "Dashboard"): the product's endpoints, adding and
 * editing one, its secret shown once, rotation, deletion and the delivery log.
 */
export function WebhooksSection({ brandId }: { brandId: number }) {
  const endpoints = useWebhooks(brandId);
  const [form, setForm] = useState<{ endpoint?: Webhook } | null>(null);
  const [secret, setSecret] = useState<Shown | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  // Each dialog opens from a button; closing it gives the focus back to that button.
  const focus = useReturnFocus();
  const opening =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      focus.remember();
      set(v);
    };
  const closing =
    <T,>(set: (v: T | null) => void) =>
    () => {
      set(null);
      focus.giveBack();
    };

  const rotate = useRotateWebhookSecret(brandId, {
    onSuccess: (saved) => {
      setRotating(null);
      notify.success(MESSAGES.webhooks.rotated);
      // The secret dialog follows; the focus goes back when it closes.
      setSecret(shownOf(saved, 'rotated'));
    },
  });
  const remove = useDeleteWebhook(brandId, {
    onSuccess: () => {
      closing(setDeleting)();
      notify.success(MESSAGES.webhooks.deleted);
    },
    onError: (error) => notify.error(error.message),
  });

  const add = <CreateButton onClick={() => opening(setForm)({})}>Add endpoint</CreateButton>;
  let body;
  if (endpoints.isPending)
    body = <RowsSkeleton label="Loading endpoints" columns={['w-48', 'w-32', 'w-16', 'w-24']} />;
  else if (endpoints.isError)
    body = (
      <RetryAlert
        message={MESSAGES.webhooks.failedToLoad(endpoints.error.message)}
        onRetry={() => void endpoints.refetch()}
      />
    );
  else if (endpoints.data.length === 0)
    body = (
      <div
        role="region"
        aria-label="No endpoints"
        className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center"
      >
        <p className="text-sm text-slate-600">
          No endpoints yet. Add one to receive tour, customer and segment events as signed JSON.
        </p>
        {add}
      </div>
    );
  else
    body = (
      <div className="flex min-w-0 flex-col gap-3">
        <div>{add}</div>
        <WebhooksTable
          endpoints={endpoints.data}
          onDeliveries={opening(setLog)}
          onEdit={(endpoint) => opening(setForm)({ endpoint })}
          onRotate={(w) => {
            rotate.reset();
            opening(setRotating)(w);
          }}
          onDelete={opening(setDeleting)}
        />
      </div>
    );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {body}
      <WebhookFormDialog
        open={form !== null}
        onOpenChange={(open) => {
          if (!open) closing(setForm)();
        }}
        brandId={brandId}
        endpoint={form?.endpoint}
        onCreated={(saved) => setSecret(shownOf(saved, 'created'))}
      />
      <WebhookSecretDialog shown={secret} onClose={closing(setSecret)} />
      <WebhookDeliveriesDialog endpoint={log} onClose={closing(setLog)} />
      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open && !rotate.isPending) closing(setRotating)();
        }}
        title="Rotate secret?"
        description={
          <>
            A new secret signs deliveries to{' '}
            <span className="break-all font-medium">{rotating?.url}</span>. The previous secret and
            the new one both sign for 24 hours, time to update your receiving code.
          </>
        }
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        error={rotate.error?.message}
        onConfirm={() => rotating && rotate.mutate(rotating)}
      />
      <DeleteDialog
        open={deleting !== null}
        pending={remove.isPending}
        title="Delete endpoint?"
        description={
          <>
            <span className="break-all font-medium">{deleting?.url}</span> stops receiving webhooks
            at once, and its delivery log is deleted. This cannot be undone.
          </>
        }
        onCancel={closing(setDeleting)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
