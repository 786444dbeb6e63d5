import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  EVENT_FILTER_KINDS,
  MAX_EVENT_FILTERS,
  eventFiltersBody,
  type EventFilterKind,
  type EventFilters,
  type EventFiltersBody,
} from '@/lib/contracts/brand-settings';
import { MESSAGES } from '@/lib/messages';
import { formatInteger } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { RetryAlert } from '@/components/ui/retry-alert';
import { compactControl } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import type { ApiError } from '@/api/http';
import { useEventFilters, useUpdateEventFilters } from '../hooks/use-event-filters';

const KIND_LABELS: Record<EventFilterKind, string> = {
  ip: 'IP address or range',
  customer_id: 'Customer id',
  event_code: 'Event code',
};
const PLACEHOLDERS: Record<EventFilterKind, string> = {
  ip: '192.0.2.0/24',
  customer_id: 'test-user-1',
  event_code: 'Debug Ping',
};

function RulesForm({ brandId, saved }: { brandId: number; saved: EventFilters }) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<EventFiltersBody>({
    resolver: zodResolver(eventFiltersBody),
    defaultValues: { rules: saved.rules },
  });
  const rules = useFieldArray({ control, name: 'rules' });
  const values = useWatch({ control, name: 'rules' });
  const update = useUpdateEventFilters(brandId, {
    onSuccess: (data) => {
      reset({ rules: data.rules });
      notify.success(MESSAGES.settings.filtersSaved);
    },
    onError: (error: ApiError) => {
      const details =
        (error.data as { details?: { path: string; message: string }[] } | null)?.details ?? [];
      for (const d of details) {
        const m = /^rules\.(\d+)\.(kind|value)$/.exec(d.path);
        if (m)
          setError(`rules.${Number(m[1])}.${m[2] as 'kind' | 'value'}`, { message: d.message });
      }
    },
  });
  const listError = errors.rules?.root?.message ?? errors.rules?.message;
  const full = rules.fields.length >= MAX_EVENT_FILTERS;

  return (
    <form
      noValidate
      aria-label="Filters"
      onSubmit={handleSubmit((body) => update.mutate(body))}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-600" data-testid="filtered-count">
        {formatInteger(saved.filtered_this_month)} event
        {saved.filtered_this_month === 1 ? '' : 's'} filtered this month.
      </p>
      {rules.fields.length === 0 ? (
        <p className="text-sm text-slate-600">No filters: every valid event is stored.</p>
      ) : (
        <ul aria-label="Filter rules" className="flex flex-col gap-2">
          {rules.fields.map((field, i) => {
            const kind = values?.[i]?.kind ?? field.kind;
            const error = errors.rules?.[i]?.value?.message ?? errors.rules?.[i]?.kind?.message;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <select
                    aria-label={`Kind of filter ${i + 1}`}
                    className={compactControl}
                    {...register(`rules.${i}.kind`)}
                  >
                    {EVENT_FILTER_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_LABELS[k]}
                      </option>
                    ))}
                  </select>
                  <input
                    aria-label={`Value of filter ${i + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `filter-${field.id}-error` : undefined}
                    placeholder={PLACEHOLDERS[kind] ?? ''}
                    maxLength={255}
                    className={`${compactControl} min-w-0 flex-1 font-mono`}
                    {...register(`rules.${i}.value`)}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove filter ${i + 1}`}
                    onClick={() => rules.remove(i)}
                  >
                    <TrashIcon className="h-4 w-4" />
                  </Button>
                </div>
                <FieldError id={`filter-${field.id}-error`} message={error} />
              </li>
            );
          })}
        </ul>
      )}
      {listError ? <FormAlert>{listError}</FormAlert> : null}
      {update.error ? <FormAlert>{update.error.message}</FormAlert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={full}
          onClick={() => rules.append({ kind: 'event_code', value: '' })}
        >
          <PlusIcon className="h-4 w-4" />
          Add filter
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save filters
        </Button>
        <span className="text-xs text-slate-500">
          {rules.fields.length} of {MAX_EVENT_FILTERS} filters
        </span>
      </div>
    </form>
  );
}

/**
 * Settings → Filters (docs/settings.md, "Filters"): events from an IP address or range, of a
 * customer id or with an event code are dropped at ingestion, never stored.
 */
export function FiltersForm({ brandId }: { brandId: number }) {
  const filters = useEventFilters(brandId);
  if (filters.isPending) return <Skeleton className="h-32 w-full" />;
  if (filters.isError)
    return <RetryAlert message={filters.error.message} onRetry={() => void filters.refetch()} />;
  return <RulesForm key={brandId} brandId={brandId} saved={filters.data} />;
}
