import Link from 'next/link';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { FlowListItem } from '@/services/flows';

const LINK = 'text-brand-700 hover:underline focus-visible:underline';

/** The product tours of a product, with their status and the actions on each. */
export function FlowsTable(props: {
  flows: FlowListItem[];
  onDuplicate: (flow: FlowListItem) => void;
  /** The tour being copied (its Duplicate button spins). */
  duplicatingId?: number | null;
  onDelete: (flow: FlowListItem) => void;
}) {
  return (
    <Table caption="Product tours">
      <THead>
        <Th>Name</Th>
        <Th>Status</Th>
        <Th align="right">Steps</Th>
        <Th>Updated</Th>
        <Th align="right">Actions</Th>
      </THead>
      <TBody>
        {props.flows.map((flow) => (
          <Tr key={flow.id}>
            <RowHeader>
              <Link href={paths.flow(flow.id)} className={LINK}>
                {flow.name}
              </Link>
            </RowHeader>
            <Td>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-medium',
                  flow.status === 'published'
                    ? 'bg-emerald-50 text-emerald-700'
                    : 'bg-slate-100 text-slate-600',
                )}
              >
                {flow.status === 'published' ? 'Published' : 'Unpublished'}
              </span>
            </Td>
            <Td align="right">{flow.step_count}</Td>
            <Td>{formatDateTime(flow.updated_at)}</Td>
            <Td className="text-right">
              <div className="flex items-center justify-end gap-2">
                <Link href={paths.flow(flow.id)} className={LINK} aria-label={`Edit ${flow.name}`}>
                  Edit
                </Link>
                <Link
                  href={paths.flowReport(flow.id)}
                  className={LINK}
                  aria-label={`Report of ${flow.name}`}
                >
                  Report
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={props.duplicatingId === flow.id}
                  onClick={() => props.onDuplicate(flow)}
                  aria-label={`Duplicate ${flow.name}`}
                >
                  Duplicate
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => props.onDelete(flow)}
                  aria-label={`Delete ${flow.name}`}
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
