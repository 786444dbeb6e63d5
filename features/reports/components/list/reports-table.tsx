import Link from 'next/link';
import type { SavedReport } from '@/lib/contracts/reports';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { REPORT_TYPE_LABELS } from '../../lib/report-form';

const LINK = 'text-brand-700 hover:underline focus-visible:underline';

/** Saved reports of every product of the owner, with the actions on each. */
export function ReportsTable(props: {
  reports: SavedReport[];
  onDelete: (report: SavedReport) => void;
}) {
  return (
    <Table caption="Reports">
      <THead>
        <Th>Name</Th>
        <Th>Type</Th>
        <Th>Product</Th>
        <Th>On dashboard</Th>
        <Th>Updated</Th>
        <Th align="right">Actions</Th>
      </THead>
      <TBody>
        {props.reports.map((report) => (
          <Tr key={report.id}>
            <RowHeader>
              <Link href={paths.report(report.id)} className={LINK}>
                {report.name}
              </Link>
            </RowHeader>
            <Td>{REPORT_TYPE_LABELS[report.type]}</Td>
            <Td>{report.brand_name}</Td>
            <Td>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-medium',
                  report.pinned ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
                )}
              >
                {report.pinned ? 'Yes' : 'No'}
              </span>
            </Td>
            <Td>
              <time dateTime={report.updated_at}>{formatDate(report.updated_at)}</time>
            </Td>
            <Td className="text-right">
              <div className="flex items-center justify-end gap-2">
                <Link
                  href={paths.reportEdit(report.id)}
                  className={LINK}
                  aria-label={`Edit ${report.name}`}
                >
                  Edit
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => props.onDelete(report)}
                  aria-label={`Delete ${report.name}`}
                >
                  Delete
                </Button>
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
