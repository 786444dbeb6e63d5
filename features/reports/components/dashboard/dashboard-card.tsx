import Link from 'next/link';
import type { SavedReport } from '@/lib/contracts/reports';
import { paths } from '@/lib/paths';
import { REPORT_TYPE_LABELS } from '../../lib/report-form';
import { ReportResult } from '../views/report-result';

/** One pinned report on a dashboard: its name (opening it full size), type and a compact view. */
export function DashboardCard({ report }: { report: SavedReport }) {
  return (
    <article
      aria-labelledby={`report-card-${report.id}`}
      className="flex h-full min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <header className="flex items-baseline justify-between gap-3">
        <h2
          id={`report-card-${report.id}`}
          className="min-w-0 truncate text-base font-semibold text-slate-900"
        >
          <Link href={paths.report(report.id)} className="hover:underline">
            {report.name}
          </Link>
        </h2>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {REPORT_TYPE_LABELS[report.type]}
        </span>
      </header>
      <ReportResult query={report.query} chart={report.chart} compact />
    </article>
  );
}
