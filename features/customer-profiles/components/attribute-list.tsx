import { NOT_AVAILABLE } from '@/lib/format';
import type { AttributeRow } from '../lib/profile-attributes';

/** Label/value pairs of a details card; N/A shows muted. */
export function AttributeList({ rows, label }: { rows: readonly AttributeRow[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.key} className="flex min-w-0 flex-col">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
            {row.label}
          </dt>
          <dd
            className={
              row.value === NOT_AVAILABLE
                ? 'text-sm text-slate-400'
                : 'break-words text-sm text-slate-800'
            }
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
