import { useState } from 'react';
import type { CustomerCondition, EventCondition } from '@/lib/contracts/flows';
import { MAX_SEGMENT_CONDITIONS } from '@/lib/contracts/segments';
import { AttributeConditionDialog } from '@/components/conditions/attribute-condition-dialog';
import { ConditionOperatorToggle } from '@/components/conditions/condition-operator-toggle';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { FieldError } from '@/components/ui/field-error';
import {
  append,
  isGroup,
  leaf,
  newGroup,
  placePath,
  problemAt,
  removeAt,
  replaceAt,
  setOperator,
  type DraftItem,
  type DraftLeaf,
  type RowPlace,
  type SegmentDraft,
} from '../lib/draft';
import { customerOf, eventOf } from '../lib/summary';
import { AddConditionMenu, type AddKind } from './add-condition-menu';
import { ConditionLine, type SegmentOption } from './condition-line';

type Problem = { path: string; message: string };

/** Which dialog is open: for a row (`place`) or for a new condition (top level or a group). */
type OpenDialog = { kind: 'customer' | 'event'; place: RowPlace | null; groupIndex?: number };

export interface SegmentConditionsProps {
  brandId: number;
  draft: SegmentDraft;
  onChange: (draft: SegmentDraft) => void;
  /** Segments a condition may include (this one left out). */
  segments: readonly SegmentOption[];
  /** The problems to show at their rows (after a save was tried). */
  problems: readonly Problem[];
}

/** The rules of a segment: AND/OR, conditions of four kinds, one level of groups. */
export function SegmentConditions({
  brandId,
  draft,
  onChange,
  segments,
  problems,
}: SegmentConditionsProps) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const openRow = (item: DraftLeaf, place: RowPlace) => {
    if (item.condition.type === 'segment') return;
    setDialog({ kind: item.condition.type, place });
  };
  const add = (kind: AddKind, groupIndex?: number) => {
    if (kind === 'group') return onChange(append(draft, [newGroup()]));
    if (kind === 'segment')
      return onChange(
        append(draft, [leaf({ type: 'segment', segment_id: 0, negate: false })], groupIndex),
      );
    setDialog({ kind, place: null, groupIndex });
  };
  // A dialog's answer: rows for the place it edited (the first keeps that row's key), or new
  // rows at the end; nothing removes the edited row.
  const saveRows = (rows: DraftLeaf[]) => {
    if (!dialog) return;
    if (dialog.place) {
      const keyOf = rowAt(draft, dialog.place)?.key;
      const kept = rows.map((r, i) => (i === 0 && keyOf ? { ...r, key: keyOf } : r));
      onChange(replaceAt(draft, dialog.place, kept));
    } else if (rows.length) onChange(append(draft, rows, dialog.groupIndex));
    setDialog(null);
  };
  const current = dialog?.place ? rowAt(draft, dialog.place)?.condition : undefined;
  const topFull = draft.items.length >= MAX_SEGMENT_CONDITIONS;

  const line = (item: DraftLeaf, place: RowPlace, label: string) => (
    <ConditionLine
      key={item.key}
      condition={item.condition}
      label={label}
      segments={segments}
      error={problemAt(problems, placePath(place))}
      onOpen={() => openRow(item, place)}
      onChange={(condition) => onChange(replaceAt(draft, place, [{ ...item, condition }]))}
      onRemove={() => onChange(removeAt(draft, place))}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <span>Customers who match</span>
        <ConditionOperatorToggle
          label="Conditions operator"
          value={draft.operator}
          onChange={(op) => onChange(setOperator(draft, op))}
        />
        <span>of these conditions</span>
      </div>
      {draft.items.length === 0 ? (
        <p className="text-sm text-slate-500">No conditions yet. Add one to say who is in.</p>
      ) : (
        <ul aria-label="Conditions" className="flex flex-col gap-3">
          {draft.items.map((item, index) =>
            isGroup(item) ? (
              <GroupBox
                key={item.key}
                item={item}
                index={index}
                error={
                  problems.find((p) => p.path === `${placePath({ index })}.conditions`)?.message
                }
                onOperator={(op) => onChange(setOperator(draft, op, index))}
                onAdd={(kind) => add(kind, index)}
                onRemove={() => onChange(removeAt(draft, { index }))}
              >
                {item.group.items.map((inner, j) =>
                  line(inner, { index, inner: j }, `Group ${index + 1} condition ${j + 1}`),
                )}
              </GroupBox>
            ) : (
              line(item, { index }, `Condition ${index + 1}`)
            ),
          )}
        </ul>
      )}
      {topFull ? null : (
        <div>
          <AddConditionMenu
            kinds={['customer', 'event', 'segment', 'group']}
            onAdd={(k) => add(k)}
          />
        </div>
      )}
      <AttributeConditionDialog
        open={dialog?.kind === 'customer'}
        initial={current ? [customerOf(current)].filter((c): c is CustomerCondition => !!c) : null}
        brandId={brandId}
        onSave={(next) => saveRows((next ?? []).map((c) => leaf({ type: 'customer', ...c })))}
        onClose={() => setDialog(null)}
      />
      <EventConditionDialog
        open={dialog?.kind === 'event'}
        initial={current ? eventOf(current) : null}
        brandId={brandId}
        onSave={(next: EventCondition | null) =>
          saveRows(next ? [leaf({ type: 'event', ...next })] : [])
        }
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

function rowAt(draft: SegmentDraft, place: RowPlace): DraftLeaf | undefined {
  const item: DraftItem | undefined = draft.items[place.index];
  if (!item) return undefined;
  if (isGroup(item)) return place.inner === undefined ? undefined : item.group.items[place.inner];
  return place.inner === undefined ? item : undefined;
}

function GroupBox(props: {
  item: Extract<DraftItem, { group: unknown }>;
  index: number;
  error?: string;
  onOperator: (op: 'AND' | 'OR') => void;
  onAdd: (kind: AddKind) => void;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const n = props.index + 1;
  const { group } = props.item;
  return (
    <li
      aria-label={`Group ${n}`}
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <span className="font-medium">Group {n}:</span>
          <ConditionOperatorToggle
            label={`Group ${n} operator`}
            value={group.operator}
            onChange={props.onOperator}
          />
        </div>
        <button
          type="button"
          onClick={props.onRemove}
          className="text-sm text-slate-500 hover:text-slate-800 hover:underline"
        >
          Remove group {n}
        </button>
      </div>
      {group.items.length ? <ul className="flex flex-col gap-3">{props.children}</ul> : null}
      <FieldError message={props.error} />
      {group.items.length < MAX_SEGMENT_CONDITIONS ? (
        <div>
          <AddConditionMenu
            kinds={['customer', 'event', 'segment']}
            label={`Add condition to group ${n}`}
            onAdd={props.onAdd}
          />
        </div>
      ) : null}
    </li>
  );
}
