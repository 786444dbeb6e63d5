import { useState } from 'react';
import type { FunnelAnswer, FunnelQuery } from '@/lib/contracts/reports';
import { formatDuration, formatInteger, formatShare } from '@/lib/format';
import { FunnelCustomersDialog, type FunnelPick } from './funnel-customers-dialog';

/**
 * A funnel: a bar per step as wide as its share of the first step, with the conversion from
 * the step before, the median time it took and how many dropped. Each count opens the list of
 * the customers behind it (converted there, or dropped before it).
 */
export function FunnelView(props: { answer: FunnelAnswer; query: FunnelQuery; compact?: boolean }) {
  const { answer, query, compact } = props;
  const [pick, setPick] = useState<FunnelPick | null>(null);
  const first = answer.steps[0]?.count ?? 0;
  const last = answer.steps[answer.steps.length - 1];
  return (
    <div className="flex flex-col gap-3">
      {last ? (
        <p className="text-sm text-slate-700">
          <span className="text-xl font-semibold text-slate-900">
            {formatShare(last.conversion_from_start)}
          </span>{' '}
          of {formatInteger(first)} customers went from {answer.steps[0]?.event} to {last.event}.
        </p>
      ) : null}
      <ol className="flex flex-col gap-2" aria-label="Funnel steps">
        {answer.steps.map((step, i) => {
          const dropped = i === 0 ? 0 : (answer.steps[i - 1]?.count ?? 0) - step.count;
          return (
            <li key={i} className="rounded-lg border border-slate-200 px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-sm font-medium text-slate-900">
                  {i + 1}. {step.event}
                </span>
                <span className="text-xs text-slate-600">
                  {i === 0
                    ? 'Entered the funnel'
                    : `${formatShare(step.conversion_from_previous)} from step ${i} · median ${formatDuration(step.median_time_to_convert_ms)}`}
                </span>
              </div>
              <div className="mt-2 h-3 rounded-full bg-slate-100" aria-hidden>
                <div
                  className="h-3 rounded-full bg-brand-600"
                  style={{ width: `${first > 0 ? (step.count / first) * 100 : 0}%` }}
                />
              </div>
              <div className="mt-2 flex flex-wrap gap-4 text-sm">
                <CountButton
                  disabled={compact || step.count === 0}
                  onClick={() => setPick({ step: i, outcome: 'converted' })}
                  label={`${formatInteger(step.count)} ${i === 0 ? 'entered' : 'converted'}`}
                  detail={i === 0 ? undefined : formatShare(step.conversion_from_start) + ' of all'}
                />
                {i > 0 ? (
                  <CountButton
                    disabled={compact || dropped <= 0}
                    onClick={() => setPick({ step: i, outcome: 'dropped' })}
                    label={`${formatInteger(Math.max(0, dropped))} dropped`}
                    tone="drop"
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {pick ? (
        <FunnelCustomersDialog
          query={query}
          pick={pick}
          answer={answer}
          onClose={() => setPick(null)}
        />
      ) : null}
    </div>
  );
}

function CountButton(props: {
  label: string;
  detail?: string;
  disabled?: boolean;
  tone?: 'drop';
  onClick: () => void;
}) {
  const tone = props.tone === 'drop' ? 'text-rose-700' : 'text-slate-900';
  if (props.disabled)
    return (
      <span className={tone}>
        {props.label}
        {props.detail ? <span className="ml-1 text-slate-500">({props.detail})</span> : null}
      </span>
    );
  return (
    <button
      type="button"
      onClick={props.onClick}
      className={`${tone} font-medium underline-offset-2 hover:underline`}
    >
      {props.label}
      {props.detail ? (
        <span className="ml-1 font-normal text-slate-500">({props.detail})</span>
      ) : null}
    </button>
  );
}
