import { useId, useState } from 'react';
import type { Brand, BrandSources } from '@/lib/contracts/brands';
import { MAX_ALLOWED_ORIGINS, normaliseAllowedOrigin } from '@/lib/sources';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useBrandSources, useBrandSourcesActions } from '../hooks/use-brand-sources';
import { ServerKeySettings } from './server-key-settings';
import { WriteKey } from './write-key';
import { RetryAlert } from '@/components/ui/retry-alert';

/** The settings form, mounted once the saved settings are known (its fields start from them). */
function SourcesForm({ brand, sources }: { brand: Brand; sources: BrandSources }) {
  const originsId = useId();
  const actions = useBrandSourcesActions(brand.id);
  const [origins, setOrigins] = useState(sources.allowed_origins.join('\n'));
  const [signed, setSigned] = useState(sources.require_signed_identity);
  const [error, setError] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  const save = () => {
    const entries = origins
      .split(/[\n,]/)
      .map((v) => v.trim())
      .filter(Boolean);
    const bad = entries.find((v) => normaliseAllowedOrigin(v) === null);
    if (bad !== undefined) return setError(MESSAGES.brands.badOrigin(bad));
    if (entries.length > MAX_ALLOWED_ORIGINS)
      return setError(MESSAGES.brands.tooManyOrigins(MAX_ALLOWED_ORIGINS));
    setError(null);
    actions.save.mutate(
      { allowed_origins: entries, require_signed_identity: signed },
      {
        onSuccess: (saved) => {
          setOrigins(saved.allowed_origins.join('\n'));
          notify.success('Sources saved.');
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={originsId} className="text-sm font-medium text-slate-900">
          Allowed origins
        </label>
        <p className="text-sm text-slate-600">
          Always allowed: {brand.domain}, its subdomains, and localhost. Add other sites that send
          events, one per line (https://app.example.com, or a host name for any scheme).
        </p>
        <textarea
          id={originsId}
          rows={3}
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
          className="rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
          placeholder="https://app.example.com"
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={signed}
          onChange={(e) => setSigned(e.target.checked)}
        />
        <span>
          <span className="font-medium text-slate-900">Require signed identities.</span> Your
          backend computes HMAC-SHA256 of the userId with the identity secret below and the page
          passes it: <code>signpost.identify(userId, traits, {'{ userHash }'})</code>. Unsigned
          userIds never change a customer profile.
        </span>
      </label>
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-900">Identity secret</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <WriteKey value={sources.identity_secret} />
          </div>
          <Button variant="secondary" size="sm" onClick={() => setRotating(true)}>
            Rotate secret
          </Button>
        </div>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div>
        <Button onClick={save} loading={actions.save.isPending}>
          Save sources
        </Button>
      </div>
      <ServerKeySettings sources={sources} actions={actions} />
      <ConfirmDialog
        open={rotating}
        onOpenChange={(open) => {
          if (!open && !actions.rotateSecret.isPending) setRotating(false);
        }}
        title="Rotate identity secret"
        description="Signatures made with the current secret stop verifying at once: update your backend right after."
        confirmLabel="Rotate secret"
        variant="danger"
        pending={actions.rotateSecret.isPending}
        error={actions.rotateSecret.error?.message ?? null}
        onConfirm={() =>
          actions.rotateSecret.mutate(undefined, {
            onSuccess: () => {
              setRotating(false);
              notify.success('Identity secret rotated.');
            },
          })
        }
      />
    </div>
  );
}

/**
 * Where a product's events may come from (docs/tracking.md, "Trusted sources"): allowed
 * origins, signed identities and the secret server key. Settings → Tracking shows it.
 */
export function BrandSourcesPanel({ brand }: { brand: Brand }) {
  const sources = useBrandSources(brand.id);
  if (sources.isPending) return <Skeleton className="h-40 w-full" />;
  if (sources.isError)
    return <RetryAlert message={sources.error.message} onRetry={() => void sources.refetch()} />;
  return <SourcesForm key={brand.id} brand={brand} sources={sources.data} />;
}
