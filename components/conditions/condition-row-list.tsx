import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { blankRow, type ConditionDraftRow } from './condition-rows';
import type { AttributePickerGroup } from './condition-attribute-picker';
import { ConditionRow } from './condition-row';

export interface ConditionRowListProps {
  rows: readonly ConditionDraftRow[];
  onChange: (rows: ConditionDraftRow[]) => void;
  groups: readonly AttributePickerGroup[];
  optionsLoaded: boolean;
  /** The add control disappears once this many rows exist. */
  max?: number;
  readOnly?: boolean;
  /** Shown when there is no row. */
  emptyText: string;
}

/** The editable list of condition rows with its "Add condition" control. */
export function ConditionRowList({
  rows,
  onChange,
  groups,
  optionsLoaded,
  max = Infinity,
  readOnly = false,
  emptyText,
}: ConditionRowListProps) {
  const replace = (index: number, row: ConditionDraftRow) =>
    onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row, index) => (
            <ConditionRow
              key={row.id}
              row={row}
              position={index + 1}
              groups={groups}
              optionsLoaded={optionsLoaded}
              disabled={readOnly}
              onChange={(next) => replace(index, next)}
              onRemove={readOnly ? undefined : () => onChange(rows.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      {!readOnly && rows.length < max ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onChange([...rows, blankRow()])}>
            <PlusIcon className="h-4 w-4" />
            Add condition
          </Button>
        </div>
      ) : null}
    </div>
  );
}
