import { useId } from 'react';
import type { FlowReport } from '@/lib/contracts/flow-runtime';
import { formatCount, formatInteger, formatShare } from '@/lib/format';

type Totals = FlowReport['totals'];

/** One card: its name, its figure, and what the figure counts. */
function TotalCard(props: { label: string; value: string; exact?: string; note: string }) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white px-4 py-3"
    >
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {props.label}
      </p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" title={props.exact}>
        {props.value}
      </p>
      <p className="mt-0.5 text-xs text-slate-500">{props.note}</p>
    </div>
  );
}

/** A count as the display formats want it (1000 or more as K), the exact figure in its title. */
const count = (n: number) => ({
  value: formatCount(n),
  exact: Math.abs(n) >= 1000 ? formatInteger(n) : undefined,
});

/**
 * The report's totals as cards, with what a view and a unique viewer are (the contract's
 * meaning: lib/contracts/flow-runtime.ts).
 */
export function ReportTotals({ totals }: { totals: Totals }) {
  return (
    <section aria-label="Totals" className="mb-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <TotalCard label="Views" {...count(totals.views)} note="Sessions started" />
        <TotalCard
          label="Unique viewers"
          {...count(totals.unique_viewers)}
          note="Distinct visitors"
        />
        <TotalCard
          label="Completions"
          {...count(totals.completions)}
          note={`${formatCount(totals.unique_completions)} unique`}
        />
        <TotalCard
          label="Completion rate"
          value={formatShare(totals.completion_rate)}
          note="Completions ÷ views"
        />
        <TotalCard label="Dismissals" {...count(totals.dismissals)} note="Closed before the end" />
        <TotalCard
          label="Target missing"
          {...count(totals.target_missing)}
          note="Tooltip element not found"
        />
      </div>
      <p className="mt-3 text-xs text-slate-500">
        A view is a session started: the tour began for a visitor. Unique viewers counts distinct
        visitors (their user id, else their anonymous id), so one visitor who saw the tour three
        times is three views and one unique viewer.
      </p>
    </section>
  );
}
