import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import {
  SHORT_URL_LIMITS_TEXT,
  UTM_FIELDS,
  shortUrlBody,
  type ShortUrl,
  type ShortUrlBody,
  type ShortUrlInput,
} from '@/lib/contracts/short-urls';
import { MESSAGES } from '@/lib/messages';
import type { ApiError } from '@/api/http';
import { useCreateShortUrl } from '../hooks/use-create-short-url';
import { useUpdateShortUrl } from '../hooks/use-update-short-url';
import { formValuesOf, hasUtm, localInputToIso } from '../lib/short-url-form';

export interface ShortUrlFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product a new link belongs to. */
  brandId: number;
  /** Edit this link; create a new one when absent. */
  link?: ShortUrl;
  onSaved?: (link: ShortUrl) => void;
}

/** "Create short link" / "Edit short link" (the shortUrlBody contract). */
export function ShortUrlFormDialog({
  open,
  onOpenChange,
  brandId,
  link,
  onSaved,
}: ShortUrlFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={link ? 'Edit short link' : 'Create short link'}
      className="max-w-lg"
      description={
        link ? undefined : 'A short address that sends visitors to your page and counts the clicks.'
      }
    >
      {/* Mounted only while open, so every opening starts from a fresh form. */}
      <ShortUrlForm
        brandId={brandId}
        link={link}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        }}
      />
    </Dialog>
  );
}

const UTM_LABELS: Record<(typeof UTM_FIELDS)[number], string> = {
  source: 'UTM source',
  medium: 'UTM medium',
  campaign: 'UTM campaign',
  term: 'UTM term',
  content: 'UTM content',
};

const FIELD_PATHS = new Set<string>([
  'url',
  'slug',
  'expires_at',
  'expired_url',
  ...UTM_FIELDS.map((k) => `utm.${k}`),
]);

function ShortUrlForm({
  brandId,
  link,
  onCancel,
  onSaved,
}: {
  brandId: number;
  link?: ShortUrl;
  onCancel: () => void;
  onSaved: (link: ShortUrl) => void;
}) {
  const [utmOpen, setUtmOpen] = useState(() => hasUtm(link));
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ShortUrlInput, unknown, ShortUrlBody>({
    resolver: zodResolver(shortUrlBody),
    mode: 'onTouched',
    defaultValues: formValuesOf(brandId, link),
  });

  const onError = (error: ApiError) => {
    // Field errors from the server land under their field; the rest shows above the form.
    const details =
      (error.data as { details?: { path: string; message: string }[] } | null)?.details ?? [];
    let placed = false;
    for (const d of details)
      if (FIELD_PATHS.has(d.path)) {
        setError(d.path as FieldPath<ShortUrlInput>, { message: d.message }, { shouldFocus: true });
        placed = true;
      }
    if (aboutUtm(details)) setUtmOpen(true);
    if (!placed) {
      setFormError(error.message);
      notify.error(MESSAGES.shortUrls.failedToSave(error.message));
    }
  };
  const create = useCreateShortUrl({
    onSuccess: (saved) => {
      notify.success(MESSAGES.shortUrls.created);
      onSaved(saved);
    },
    onError,
  });
  const update = useUpdateShortUrl({
    onSuccess: (saved) => {
      notify.success(MESSAGES.shortUrls.updated);
      onSaved(saved);
    },
    onError,
  });
  const mutation = link ? update : create;

  const submit = (values: ShortUrlBody) => {
    setFormError(null);
    // The expiry field reads the browser's clock; the API takes an instant.
    const body: ShortUrlInput = { ...values, expires_at: localInputToIso(values.expires_at) };
    if (link) update.mutate({ id: link.id, body });
    else create.mutate(body);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Destination URL"
        type="url"
        placeholder="https://example.com/page"
        autoComplete="off"
        maxLength={SHORT_URL_LIMITS_TEXT.url}
        error={errors.url?.message}
        {...register('url')}
      />
      <TextField
        label="Custom slug (optional)"
        placeholder="spring-sale"
        autoComplete="off"
        maxLength={SHORT_URL_LIMITS_TEXT.slugMax}
        hint="The end of the short address. Leave empty for a random one."
        error={errors.slug?.message}
        {...register('slug')}
      />
      <div className="rounded-md border border-slate-200">
        <button
          type="button"
          aria-expanded={utmOpen}
          aria-controls="short-url-utm"
          onClick={() => setUtmOpen((v) => !v)}
          className="flex w-full items-center justify-between px-3 py-2 text-sm font-medium text-slate-700"
        >
          UTM parameters (optional)
          <ChevronDownIcon
            className={cn('h-4 w-4 transition-transform', utmOpen && 'rotate-180')}
          />
        </button>
        {utmOpen ? (
          <div
            id="short-url-utm"
            className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2"
          >
            {UTM_FIELDS.map((k) => (
              <TextField
                key={k}
                label={UTM_LABELS[k]}
                autoComplete="off"
                error={errors.utm?.[k]?.message}
                {...register(`utm.${k}`)}
              />
            ))}
          </div>
        ) : null}
      </div>
      <TextField
        label="Expires (optional)"
        type="datetime-local"
        hint="Your browser's time zone."
        error={errors.expires_at?.message}
        {...register('expires_at', { setValueAs: (v: unknown) => (v ? v : null) })}
      />
      <TextField
        label="After expiry, send to (optional)"
        type="url"
        placeholder="https://example.com/offer-ended"
        autoComplete="off"
        maxLength={SHORT_URL_LIMITS_TEXT.url}
        hint="Without one, an expired link shows a page saying it is no longer available."
        error={errors.expired_url?.message}
        {...register('expired_url')}
      />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {link ? 'Save changes' : 'Create short link'}
        </Button>
      </div>
    </form>
  );
}

/** A server message about a UTM value opens the section that shows it. */
const aboutUtm = (details: { path: string }[]) => details.some((d) => d.path.startsWith('utm.'));
