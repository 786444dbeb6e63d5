import type { RetentionAnswer, RetentionQuery } from '@/lib/contracts/reports';
import { formatInteger, formatShare } from '@/lib/format';
import { bucketLabel } from '@/lib/report-view';

const PERIOD_NAME = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** Cell shading: the share of the cohort that came back, as the blue's strength. */
const shade = (share: number) => `rgba(37, 83, 224, ${(0.08 + share * 0.82).toFixed(3)})`;

/**
 * The retention grid: a row per cohort (its first period and size), a column per period since
 * (the cohort's own first), each cell the share of the cohort that came back then, its count in
 * the title. Periods that have not happened yet are left empty.
 */
export function RetentionView(props: {
  answer: RetentionAnswer;
  query: RetentionQuery;
  compact?: boolean;
}) {
  const { answer, query, compact } = props;
  const period = query.period ?? 'week';
  const columns = Math.max(0, ...answer.cohorts.map((c) => c.returned.length));
  const cohorts = compact ? answer.cohorts.slice(-6) : answer.cohorts;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-separate border-spacing-0.5 text-sm">
        <caption className="sr-only">
          Share of each cohort of {query.start_event} that did {query.return_event} in the periods
          after
        </caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              Cohort
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              Customers
            </th>
            {Array.from({ length: columns }, (_, k) => (
              <th key={k} scope="col" className="px-2 py-1 text-center font-medium">
                {PERIOD_NAME[period]} {k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((c) => (
            <tr key={c.cohort}>
              <th
                scope="row"
                className="whitespace-nowrap px-2 py-1 text-left font-normal text-slate-700"
              >
                {bucketLabel(c.cohort, period)}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{formatInteger(c.size)}</td>
              {Array.from({ length: columns }, (_, k) => {
                const n = c.returned[k];
                if (n === undefined) return <td key={k} aria-label="Not yet" />;
                const share = c.size > 0 ? n / c.size : 0;
                return (
                  <td
                    key={k}
                    title={`${formatInteger(n)} of ${formatInteger(c.size)}`}
                    className="min-w-14 rounded px-2 py-1 text-center tabular-nums"
                    style={{ background: shade(share), color: share > 0.45 ? '#fff' : '#0f172a' }}
                  >
                    {c.size > 0 ? formatShare(share) : '-'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
