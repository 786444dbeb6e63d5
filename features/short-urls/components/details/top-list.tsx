import type { ShortUrlBreakdownRow } from '@/lib/contracts/short-urls';
import { formatInteger } from '@/lib/format';

/** How a breakdown value reads: clicks without one are "(none)". */
const valueLabel = (value: string) => (value === '' ? '(none)' : value);

/** One dimension's most frequent values with their clicks, largest first, as the API sends them. */
export function TopList({ title, rows }: { title: string; rows: ShortUrlBreakdownRow[] }) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No clicks yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {rows.map((r) => (
            <li key={r.value} className="text-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="truncate text-slate-700" title={valueLabel(r.value)}>
                  {valueLabel(r.value)}
                </span>
                <span className="tabular-nums text-slate-900">{formatInteger(r.clicks)}</span>
              </div>
              <div aria-hidden className="mt-1 h-1.5 rounded-full bg-slate-100">
                <div
                  className="h-1.5 rounded-full bg-brand-500"
                  style={{ width: `${(r.clicks / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
