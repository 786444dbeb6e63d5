import Link from 'next/link';
import { useState } from 'react';
import {
  MAX_SEGMENT_TRIGGER_CONDITIONS,
  type SegmentTriggerCondition,
} from '@/lib/contracts/flows';
import { paths } from '@/lib/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { compactControl } from '@/components/ui/select-field';
import { newRowId } from './condition-rows';
import { ConditionDialogFooter, ConditionDialogFrame } from './condition-dialog-frame';
import type { ConditionDialogProps } from './dialog-types';
import { SegmentPicker } from './segment-picker';
import { useHasSegments, useSegmentNames } from './segment-queries';

/** One row of the dialog: a segment (none chosen yet: null) and whether its members are left out. */
interface SegmentRow {
  id: string;
  segment_id: number | null;
  negate: boolean;
}

const blankSegmentRow = (): SegmentRow => ({ id: newRowId(), segment_id: null, negate: false });

/**
 * Segment dialog (docs/flows.md, "The editor"): in or not in each chosen segment of the product,
 * all of them holding. A save keeps the rows with a segment; none left removes the condition.
 */
export function SegmentConditionDialog(props: ConditionDialogProps<SegmentTriggerCondition[]>) {
  return (
    <ConditionDialogFrame open={props.open} title="Segment" onClose={props.onClose}>
      <SegmentConditionForm {...props} />
    </ConditionDialogFrame>
  );
}

function SegmentConditionForm({
  initial,
  brandId,
  readOnly = false,
  onSave,
  onClose,
}: ConditionDialogProps<SegmentTriggerCondition[]>) {
  const [rows, setRows] = useState<SegmentRow[]>(() =>
    initial?.length ? initial.map((c) => ({ id: newRowId(), ...c })) : [blankSegmentRow()],
  );
  const hasSegments = useHasSegments(brandId);
  const names = useSegmentNames((initial ?? []).map((c) => c.segment_id));
  const update = (id: string, patch: Partial<SegmentRow>) =>
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  const save = () => {
    const kept = rows.flatMap((r) =>
      r.segment_id === null ? [] : [{ segment_id: r.segment_id, negate: r.negate }],
    );
    onSave(kept.length ? kept : null);
  };

  return (
    <div className="flex flex-col gap-4">
      {hasSegments === false && !initial?.length ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">No segments yet.</p>
          <Link href={paths.segmentAdd()} className={buttonClasses('secondary', 'sm')}>
            Create segment
          </Link>
        </div>
      ) : (
        <ul aria-label="Segments" className="flex flex-col gap-3">
          {rows.map((row, i) => {
            const n = i + 1;
            return (
              <li key={row.id} className="flex flex-wrap items-end gap-2">
                <select
                  aria-label={`Segment ${n} membership`}
                  value={row.negate ? 'out' : 'in'}
                  disabled={readOnly}
                  onChange={(e) => update(row.id, { negate: e.target.value === 'out' })}
                  className={cn(compactControl, 'h-10 w-40')}
                >
                  <option value="in">In segment</option>
                  <option value="out">Not in segment</option>
                </select>
                <SegmentPicker
                  className="min-w-0 flex-1"
                  brandId={brandId}
                  label={`Segment ${n}`}
                  value={row.segment_id}
                  disabled={readOnly}
                  valueText={
                    row.segment_id === null ? undefined : (names.get(row.segment_id) ?? undefined)
                  }
                  onChange={(s) => update(row.id, { segment_id: s?.id ?? null })}
                />
                {readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove segment ${n}`}
                    onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
                  >
                    <TrashIcon className="h-4 w-4" />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {readOnly || hasSegments === false || rows.length >= MAX_SEGMENT_TRIGGER_CONDITIONS ? null : (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setRows((rs) => [...rs, blankSegmentRow()])}
          >
            <PlusIcon className="h-4 w-4" />
            Add segment
          </Button>
        </div>
      )}
      <ConditionDialogFooter
        onDiscard={onClose}
        submit={readOnly ? undefined : { label: 'Save changes', onClick: save }}
      />
    </div>
  );
}
