import { DATA_TYPE_LABELS } from '@/lib/conditions';
import { Button } from '@/components/ui/button';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import type { AttributeTableRow } from '../lib/attribute-kinds';

export interface AttributesTableProps {
  caption: string;
  rows: readonly AttributeTableRow[];
  onEdit: (key: string) => void;
  onDelete: (key: string) => void;
}

const th = 'px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const td = 'px-3 py-2.5 text-sm text-slate-700';

/** Field name, name and data type of each attribute, with Edit and Delete for custom ones. */
export function AttributesTable({ caption, rows, onEdit, onDelete }: AttributesTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              Field name
            </th>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Data type
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${td} text-left font-mono font-medium`}>
                {row.fieldName}
                {row.system ? (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 font-sans text-xs font-medium text-slate-600">
                    System
                  </span>
                ) : null}
              </th>
              <td className={td}>{row.name}</td>
              <td className={td}>{DATA_TYPE_LABELS[row.dataType]}</td>
              <td className={`${td} text-right`}>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
