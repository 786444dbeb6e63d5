import { useState } from 'react';
import type { BrandSources } from '@/lib/contracts/brands';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { notify } from '@/components/ui/toast';
import type { useBrandSourcesActions } from '../hooks/use-brand-sources';
import { WriteKey } from './write-key';

type Actions = ReturnType<typeof useBrandSourcesActions>;

/**
 * The secret server key: for the customer's own servers (Segment libraries, backends), whose
 * userIds need no signature. Made or rotated after a confirmation and shown once; revocable.
 */
export function ServerKeySettings(props: { sources: BrandSources; actions: Actions }) {
  const { sources, actions } = props;
  const [ask, setAsk] = useState<'rotate' | 'revoke' | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const pending = actions.rotateServerKey.isPending || actions.revokeServerKey.isPending;
  const error = (actions.rotateServerKey.error ?? actions.revokeServerKey.error)?.message ?? null;

  const confirm = () => {
    if (ask === 'rotate')
      actions.rotateServerKey.mutate(undefined, {
        onSuccess: (data) => {
          setAsk(null);
          setShown(data.server_key);
        },
      });
    else
      actions.revokeServerKey.mutate(undefined, {
        onSuccess: () => {
          setAsk(null);
          notify.success('Server key revoked.');
        },
      });
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-900">Server key</p>
      <p className="text-sm text-slate-600">
        For your own servers only, never in a page. Events sent with it are trusted: their userIds
        need no signature.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-slate-700" data-testid="server-key-hint">
          {sources.server_key ? `sk_…${sources.server_key.hint}` : 'No server key'}
        </span>
        <Button variant="secondary" size="sm" onClick={() => setAsk('rotate')}>
          {sources.server_key ? 'Rotate server key' : 'Create server key'}
        </Button>
        {sources.server_key ? (
          <Button variant="ghost" size="sm" onClick={() => setAsk('revoke')}>
            Revoke
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={ask !== null}
        onOpenChange={(open) => {
          if (!open && !pending) setAsk(null);
        }}
        title={ask === 'revoke' ? 'Revoke server key' : 'New server key'}
        description={
          ask === 'revoke'
            ? 'Servers sending with the current key are refused from now on.'
            : sources.server_key
              ? 'The current key stops working at once. The new one is shown only once.'
              : 'The key is shown only once: keep it in your server configuration.'
        }
        confirmLabel={ask === 'revoke' ? 'Revoke' : 'Create key'}
        variant={ask === 'revoke' ? 'danger' : 'primary'}
        pending={pending}
        error={error}
        onConfirm={confirm}
      />
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title="Your server key"
        description="Copy it now: it is not shown again."
      >
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">Store it as a secret on your servers.</FormAlert>
          {shown ? <WriteKey value={shown} /> : null}
          <div className="flex justify-end">
            <Button onClick={() => setShown(null)}>Done</Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
