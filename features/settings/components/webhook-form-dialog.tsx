import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  WEBHOOK_TOPICS,
  WEBHOOK_URL_MAX_LENGTH,
  createWebhookBodySchema,
} from '@/lib/contracts/webhooks';
import { MESSAGES } from '@/lib/messages';
import { EventCodePicker } from '@/components/event-code-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/api/http';
import type { Webhook, WebhookWithSecret } from '@/api/webhooks';
import { useCreateWebhook, useUpdateWebhook } from '../hooks/use-webhooks';
import { eventTopicRefusal, joinTopics, splitTopics } from '../lib/webhooks';

/** The form checks what the API checks: the contract's body without the product. */
const formSchema = createWebhookBodySchema.omit({ brand_id: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brandId: number;
  /** Edit this endpoint; add a new one when absent. */
  endpoint?: Webhook;
  /** A new endpoint, with its secret to show once. */
  onCreated?: (saved: WebhookWithSecret) => void;
}

/** "Add endpoint" / "Edit endpoint": URL, topics and enabled (docs/webhooks.md, "Dashboard"). */
export function WebhookFormDialog({
  open,
  onOpenChange,
  endpoint,
  ...rest
}: WebhookFormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      className="max-w-lg"
      description={
        endpoint
          ? undefined
          : 'Signpost POSTs signed JSON to this address when a chosen topic happens.'
      }
    >
      {/* Mounted only while open: every opening starts from a fresh form. */}
      <WebhookForm endpoint={endpoint} onClose={() => onOpenChange(false)} {...rest} />
    </Dialog>
  );
}

type Details = { path: string; message: string }[];

function WebhookForm({
  brandId,
  endpoint,
  onClose,
  onCreated,
}: Omit<WebhookFormDialogProps, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      topics: endpoint?.topics ?? [],
      enabled: endpoint?.enabled ?? true,
    },
  });
  const topics = useWatch({ control, name: 'topics' }) ?? [];
  const { fixed, eventCodes } = splitTopics(topics);
  const setTopics = (f: string[], codes: string[]) =>
    setValue('topics', joinTopics(f, codes), { shouldValidate: isSubmitted, shouldDirty: true });

  const onError = (error: ApiError) => {
    // The server's field messages land under their field; the rest shows above the form.
    const details = (error.data as { details?: Details } | null)?.details ?? [];
    let placed = false;
    for (const d of details) {
      const field = d.path === 'url' ? 'url' : d.path.startsWith('topics') ? 'topics' : null;
      if (field) {
        setError(field, { message: d.message }, { shouldFocus: field === 'url' });
        placed = true;
      }
    }
    if (!placed) setFormError(error.message);
  };
  const create = useCreateWebhook(brandId, {
    onSuccess: (saved) => {
      notify.success(MESSAGES.webhooks.created);
      onClose();
      onCreated?.(saved);
    },
    onError,
  });
  const update = useUpdateWebhook(brandId, {
    onSuccess: () => {
      notify.success(MESSAGES.webhooks.updated);
      onClose();
    },
    onError,
  });
  const pending = create.isPending || update.isPending;
  const topicsError =
    errors.topics?.message ??
    errors.topics?.root?.message ??
    (Array.isArray(errors.topics)
      ? (errors.topics as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message
      : undefined);

  const submit = (body: FormOutput) => {
    setFormError(null);
    if (endpoint) update.mutate({ id: endpoint.id, body });
    else create.mutate(body);
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-4">
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <TextField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        error={errors.url?.message}
        {...register('url')}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={topicsError ? 'webhook-topics-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-slate-700">Topics</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_TOPICS.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={fixed.includes(t)}
                onChange={(e) =>
                  setTopics(
                    e.target.checked ? [...fixed, t] : fixed.filter((x) => x !== t),
                    eventCodes,
                  )
                }
              />
              <span className="font-mono text-xs">{t}</span>
            </label>
          ))}
        </div>
        <EventCodePicker
          brandId={brandId}
          label="Tracked events (event.<code>)"
          value=""
          className="mt-2"
          onChange={(event) => {
            if (!event) return;
            const refusal = eventTopicRefusal(event.code);
            if (refusal) setError('topics', { message: refusal });
            else if (eventCodes.includes(event.code))
              notify.info(MESSAGES.webhooks.eventCodeTaken(event.code));
            else setTopics(fixed, [...eventCodes, event.code]);
          }}
        />
        {eventCodes.length > 0 ? (
          <ul aria-label="Chosen events" className="flex flex-wrap gap-2">
            {eventCodes.map((code) => (
              <li
                key={code}
                className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-2.5 pr-1 text-xs"
              >
                <span className="font-mono">event.{code}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove event.${code}`}
                  onClick={() =>
                    setTopics(
                      fixed,
                      eventCodes.filter((c) => c !== code),
                    )
                  }
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id="webhook-topics-error" message={topicsError} />
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...register('enabled')} />
        Enabled: send deliveries to this endpoint
      </label>
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {endpoint ? 'Save endpoint' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
