import { Pill } from '@/components/ui/pill';
import type { SavedReport } from '@/lib/contracts/reports';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  ActionsCell,
  RowButton,
  RowHeader,
  RowLink,
  TBody,
  THead,
  Table,
  Td,
  Th,
  Tr,
} from '@/components/list/table';
import { REPORT_TYPE_LABELS } from '../../lib/report-form';

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
              <RowLink href={paths.report(report.id)}>{report.name}</RowLink>
            </RowHeader>
            <Td>{REPORT_TYPE_LABELS[report.type]}</Td>
            <Td>{report.brand_name}</Td>
            <Td>
              <Pill tone={report.pinned ? 'on' : 'off'}>{report.pinned ? 'Yes' : 'No'}</Pill>
            </Td>
            <Td>
              <time dateTime={report.updated_at}>{formatDate(report.updated_at)}</time>
            </Td>
            <ActionsCell>
              <RowLink href={paths.reportEdit(report.id)} of={report.name}>
                Edit
              </RowLink>
              <RowButton label="Delete" of={report.name} onClick={() => props.onDelete(report)} />
            </ActionsCell>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
