import { useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { MESSAGES } from '@/lib/messages';
import {
  GRANULARITY_OPTIONS,
  isIsoDate,
  PRESET_OPTIONS,
  rangeProblem,
  withGranularity,
  withPreset,
  type ReportView,
} from '@/lib/report-view';

/**
 * The report's date range and granularity, in one row. A custom range shows a From and a To date;
 * what is typed is applied (becomes the view) once both are real days, from not after to.
 */
export function ReportControls(props: {
  view: ReportView;
  onViewChange: (view: ReportView) => void;
  /** False: no Group by (a funnel has no buckets). */
  showGranularity?: boolean;
  /** The Group by field's label ("Period" for retention cohorts). */
  granularityLabel?: string;
  /** Under To: which clock the days are on. */
  rangeHint?: string;
}) {
  const {
    view,
    onViewChange,
    showGranularity = true,
    granularityLabel = 'Group by',
    rangeHint = 'Whole days in UTC, both included.',
  } = props;
  const [draft, setDraft] = useState({ from: view.from ?? '', to: view.to ?? '' });
  // Another applied range (a reload, the browser's Back, a new preset) replaces what was typed.
  const applied = `${view.date_preset}|${view.from ?? ''}|${view.to ?? ''}`;
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft({ from: view.from ?? '', to: view.to ?? '' });
  }

  // Each message beside the date it is about; the order of the two under To.
  const problem = rangeProblem(draft.from, draft.to);
  const fromInvalid = draft.from !== '' && !isIsoDate(draft.from);
  const fromError = fromInvalid ? MESSAGES.flows.reportFromDate : undefined;
  const toError = !fromInvalid && problem?.kind === 'invalid' ? problem.message : undefined;

  const typeDate = (next: { from: string; to: string }) => {
    setDraft(next);
    const changed = next.from !== view.from || next.to !== view.to;
    if (rangeProblem(next.from, next.to) === null && changed)
      onViewChange({ ...view, date_preset: 'custom_range', from: next.from, to: next.to });
  };

  return (
    <div className="mb-6 flex flex-wrap items-start gap-3">
      <SelectField
        label="Date range"
        options={PRESET_OPTIONS}
        value={view.date_preset}
        onChange={(e) => onViewChange(withPreset(view, e.target.value))}
        className="w-44"
      />
      {view.date_preset === 'custom_range' ? (
        <fieldset className="flex flex-wrap items-start gap-3">
          <legend className="sr-only">Custom range</legend>
          <TextField
            label="From"
            type="date"
            value={draft.from}
            max={isIsoDate(draft.to) ? draft.to : undefined}
            error={fromError}
            onChange={(e) => typeDate({ ...draft, from: e.target.value })}
            className="w-44"
          />
          <TextField
            label="To"
            type="date"
            value={draft.to}
            min={isIsoDate(draft.from) ? draft.from : undefined}
            error={toError}
            hint={rangeHint}
            onChange={(e) => typeDate({ ...draft, to: e.target.value })}
            className="w-44"
          />
        </fieldset>
      ) : null}
      {showGranularity ? (
        <SelectField
          label={granularityLabel}
          options={GRANULARITY_OPTIONS}
          value={view.granularity}
          onChange={(e) => onViewChange(withGranularity(view, e.target.value))}
          className="w-32"
        />
      ) : null}
    </div>
  );
}
