import type { SegmentListItem } from '@/lib/contracts/segments';
import { formatDateTime, formatInteger } from '@/lib/format';
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
import { SEGMENT_COPY } from '../lib/copy';

/** The segments of a product: name, member count, when counted, when changed, and actions. */
export function SegmentsTable(props: {
  segments: SegmentListItem[];
  onDelete: (segment: SegmentListItem) => void;
}) {
  return (
    <Table caption="Segments">
      <THead>
        <Th>Name</Th>
        <Th align="right">Members</Th>
        <Th>Computed at</Th>
        <Th>Updated</Th>
        <Th align="right">Actions</Th>
      </THead>
      <TBody>
        {props.segments.map((segment) => (
          <Tr key={segment.id}>
            <RowHeader>
              <RowLink href={paths.segment(segment.id)}>{segment.name}</RowLink>
            </RowHeader>
            <Td align="right">
              {segment.member_count === null ? '—' : formatInteger(segment.member_count)}
            </Td>
            <Td>
              {segment.computed_at ? formatDateTime(segment.computed_at) : SEGMENT_COPY.notCounted}
            </Td>
            <Td>{formatDateTime(segment.updated_at)}</Td>
            <ActionsCell>
              <RowLink href={paths.segmentEdit(segment.id)} of={segment.name}>
                Edit
              </RowLink>
              <RowButton label="Delete" of={segment.name} onClick={() => props.onDelete(segment)} />
            </ActionsCell>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
