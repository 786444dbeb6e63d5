import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';

/** Which answer carried the secret: a new endpoint, or a rotation. */
export type SecretReason = 'created' | 'rotated';

/**
 * The `whsec_` secret of an endpoint, shown once after it is added or rotated
 * (docs/webhooks.md, "Dashboard"): the dashboard never reads it again.
 */
export function WebhookSecretDialog({
  shown,
  onClose,
}: {
  shown: { secret: string; url: string; reason: SecretReason } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={shown?.reason === 'rotated' ? 'New signing secret' : 'Signing secret'}
      className="max-w-lg"
    >
      {shown ? (
        <div className="flex flex-col gap-4 text-sm text-slate-700">
          <p>
            Deliveries to <span className="break-all font-medium">{shown.url}</span> are signed with
            this secret. Verify them with a Standard Webhooks library.
          </p>
          <div className="flex min-w-0 items-center gap-2">
            <code
              data-testid="webhook-secret"
              aria-label="Signing secret"
              className="min-w-0 flex-1 break-all rounded-md border border-slate-200 bg-slate-50 px-2.5 py-1.5 font-mono text-xs text-slate-800"
            >
              {shown.secret}
            </code>
            <CopyButton
              text={shown.secret}
              messages={MESSAGES.webhooks}
              aria-label="Copy signing secret"
            />
          </div>
          <p role="alert" className="rounded-md bg-amber-50 p-3 font-medium text-amber-900">
            Copy it now: you will not see it again.
            {shown.reason === 'rotated'
              ? ' The previous secret and this one both sign deliveries for 24 hours.'
              : ''}
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
