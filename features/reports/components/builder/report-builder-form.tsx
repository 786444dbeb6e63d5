import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { reportBody, reportQuery } from '@/lib/contracts/reports';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useSaveReport } from '../../hooks/use-save-report';
import { errorAt } from '../../lib/error-at';
import { clearDraft, readDraft, writeDraft } from '../../lib/form-draft';
import { eventsOf, withType, type ReportForm } from '../../lib/report-form';
import { DownloadCsvButton } from '../views/download-csv-button';
import { ReportResult } from '../views/report-result';
import { ChartFields } from './chart-fields';
import { QueryFields } from './query-fields';
import { TypeChooser } from './type-chooser';

/** How long the preview waits after the last change before asking. */
const PREVIEW_DEBOUNCE_MS = 600;

/**
 * The report builder of /reports/create and /reports/{id}/edit: name, type, the type's fields,
 * range and chart, with a live preview. Every change is kept as a draft in local storage and
 * restored after a reload; leaving with unsaved changes asks first (Discard Changes). Saving
 * validates with the API's own contract and opens the saved report.
 */
export function ReportBuilderForm(props: {
  baseline: ReportForm;
  reportId: number | null;
  storageKey: string;
}) {
  const { baseline, reportId, storageKey } = props;
  const router = useRouter();
  const [start] = useState(() => {
    const draft = readDraft(storageKey);
    return { form: draft ?? baseline, restored: draft !== null };
  });
  const { control, register, handleSubmit, reset, formState } = useForm<ReportForm>({
    defaultValues: start.form,
    resolver: zodResolver(reportBody) as unknown as Resolver<ReportForm>,
  });
  const values = useWatch({ control }) as ReportForm;
  const baselineJson = useMemo(() => JSON.stringify(baseline), [baseline]);
  const saved = useRef(false);
  const dirty = JSON.stringify(values) !== baselineJson;

  useEffect(() => {
    if (saved.current) return;
    if (dirty) writeDraft(storageKey, values);
    else clearDraft(storageKey);
  }, [values, dirty, storageKey]);

  const isDirty = useCallback(() => !saved.current && dirty, [dirty]);
  const guard = useLeaveGuard(isDirty);
  const back = reportId === null ? paths.reportsList() : paths.report(reportId);

  // The preview asks once the query is complete and has not changed for a moment.
  const parsed = reportQuery.safeParse(values.query);
  const rangeMissing =
    values.query.date_preset === 'custom_range' && !(values.query.from && values.query.to);
  const complete = parsed.success && !rangeMissing;
  // What the preview waits for: the events first, then the range, then the contract's message.
  const waitingFor = eventsOf(values.query).some((e) => !e)
    ? 'Choose the events of the report to see it here.'
    : rangeMissing
      ? 'Choose the From and To dates of the custom range.'
      : parsed.success
        ? undefined
        : parsed.error.issues[0]?.message;
  const previewJson = useDebouncedValue(
    complete ? JSON.stringify(values.query) : null,
    PREVIEW_DEBOUNCE_MS,
  );
  const preview = previewJson === null ? null : (JSON.parse(previewJson) as ReportForm['query']);

  const save = useSaveReport({
    onSuccess: (report) => {
      saved.current = true;
      clearDraft(storageKey);
      notify.success(reportId === null ? MESSAGES.reports.created : MESSAGES.reports.updated);
      void router.push(paths.report(report.id));
    },
    onError: (error) => notify.error(MESSAGES.reports.failedToSave(error.message)),
  });

  const discardDraft = () => {
    clearDraft(storageKey);
    reset(baseline);
  };

  return (
    <form
      noValidate
      aria-label={reportId === null ? 'Create report' : 'Edit report'}
      onSubmit={handleSubmit((body) => save.mutate({ id: reportId, body }))}
      className="flex flex-col gap-6"
    >
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Name"
          required
          placeholder="e.g. Orders per week"
          error={formState.errors.name?.message}
          className="w-80"
          {...register('name')}
        />
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={() => guard.leave(back)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save report
          </Button>
        </div>
      </div>
      {start.restored && dirty ? (
        <FormAlert tone="info">
          {MESSAGES.reports.restored}{' '}
          <button type="button" className="font-semibold underline" onClick={discardDraft}>
            Start over
          </button>
        </FormAlert>
      ) : null}
      <Controller
        control={control}
        name="query"
        render={({ field }) => (
          <div className="flex flex-col gap-5">
            <TypeChooser
              value={field.value.type}
              onChange={(type) => {
                const next = withType(values, type);
                reset(
                  { ...values, query: next.query, chart: next.chart },
                  { keepDefaultValues: true },
                );
              }}
            />
            <QueryFields
              brandId={values.brand_id}
              query={field.value}
              onChange={field.onChange}
              errors={formState.errors.query}
            />
            <FieldError message={errorAt(formState.errors.query, 'from')} />
          </div>
        )}
      />
      <div className="flex flex-wrap items-end gap-4 border-t border-slate-200 pt-4">
        {values.query.type === 'trend' ? (
          <Controller
            control={control}
            name="chart"
            render={({ field }) => <ChartFields value={field.value} onChange={field.onChange} />}
          />
        ) : null}
        <label className="mb-2 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register('pinned')} />
          Show on the product&apos;s dashboard
        </label>
      </div>
      <section
        aria-labelledby="report-preview-heading"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="report-preview-heading" className="text-base font-semibold text-slate-900">
            Preview
          </h2>
          <DownloadCsvButton query={preview} name={values.name || 'report'} />
        </div>
        <ReportResult query={preview} chart={values.chart} incompleteText={waitingFor} />
      </section>
      <ConfirmDialog
        open={guard.pendingUrl !== null}
        onOpenChange={(open) => !open && guard.stay()}
        title="Discard Changes"
        description={MESSAGES.discardConfirm}
        confirmLabel="Discard"
        onConfirm={() => {
          clearDraft(storageKey);
          guard.discard();
        }}
      />
    </form>
  );
}
