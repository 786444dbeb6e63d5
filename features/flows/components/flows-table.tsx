import { Pill } from '@/components/ui/pill';
import { formatDateTime } from '@/lib/format';
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
import type { FlowListItem } from '@/api/flows';
import { ListTargetHealth } from './list/target-health-badge';

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
              <RowLink href={paths.flow(flow.id)}>{flow.name}</RowLink>
            </RowHeader>
            <Td>
              <Pill tone={flow.status === 'published' ? 'on' : 'off'}>
                {flow.status === 'published' ? 'Published' : 'Unpublished'}
              </Pill>
              <ListTargetHealth status={flow.target_health} />
            </Td>
            <Td align="right">{flow.step_count}</Td>
            <Td>{formatDateTime(flow.updated_at)}</Td>
            <ActionsCell>
              <RowLink href={paths.flow(flow.id)} of={flow.name}>
                Edit
              </RowLink>
              <RowLink href={paths.flowReport(flow.id)} of={`of ${flow.name}`}>
                Report
              </RowLink>
              <RowButton
                label="Duplicate"
                of={flow.name}
                loading={props.duplicatingId === flow.id}
                onClick={() => props.onDuplicate(flow)}
              />
              <RowButton label="Delete" of={flow.name} onClick={() => props.onDelete(flow)} />
            </ActionsCell>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
