import type { ChartPoint, ChartSeries } from './line-chart';
import { valueAt } from './trend-data';

interface NumbersTableProps {
  title: string;
  xLabel: string;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  format: (v: number) => string;
}

/** A chart's numbers as a table: a row per point, a column per series; `title` is its caption. */
export function NumbersTable({ title, xLabel, series, points, format }: NumbersTableProps) {
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
      <table className="min-w-full text-xs">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {xLabel}
            </th>
            {series.map((s) => (
              <th key={s.key} scope="col" className="px-3 py-1.5 text-right font-medium">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {points.map((p, i) => (
            <tr key={i}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {p.label}
              </th>
              {series.map((s) => (
                <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                  {format(valueAt(p, s.key))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every number of the chart, for anyone who cannot read the picture. */
export function ChartNumbersTable(props: NumbersTableProps) {
  return (
    <details className="text-sm text-slate-700">
      <summary className="cursor-pointer text-xs font-medium text-brand-700">
        Show the numbers
      </summary>
      <div className="mt-2">
        <NumbersTable {...props} />
      </div>
    </details>
  );
}
