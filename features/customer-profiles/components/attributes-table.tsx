import { DATA_TYPE_LABELS } from '@/lib/conditions';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { Button } from '@/components/ui/button';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import type { AttributeTableRow } from '../lib/attribute-kinds';

export interface AttributesTableProps {
  caption: string;
  rows: readonly AttributeTableRow[];
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
}

/** Field name, name and data type of each attribute, with Edit and Delete for custom ones. */
export function AttributesTable({ caption, rows, onEdit, onDelete }: AttributesTableProps) {
  return (
    <Table caption={caption}>
      <THead>
        <Th>Field name</Th>
        <Th>Name</Th>
        <Th>Data type</Th>
        <Th>
          <span className="sr-only">Actions</span>
        </Th>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.key} hover={false}>
            <RowHeader className="font-mono">
              {row.fieldName}
              {row.system ? (
                <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 font-sans text-xs font-medium text-slate-600">
                  System
                </span>
              ) : null}
            </RowHeader>
            <Td>{row.name}</Td>
            <Td>{DATA_TYPE_LABELS[row.dataType]}</Td>
            <Td className="text-right">
              {row.system ? null : (
                <div className="flex justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Edit ${row.name}`}
                    onClick={() => onEdit(row.key)}
                  >
                    <PencilIcon className="h-4 w-4" />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${row.name}`}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => onDelete(row.key)}
                  >
                    <TrashIcon className="h-4 w-4" />
                    Delete
                  </Button>
                </div>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
