import { useState } from 'react';
import type { FlowBody, TriggerCondition } from '@/lib/contracts/flows';
import {
  addTrigger,
  canAddTrigger,
  removeTrigger,
  replaceTrigger,
  setTriggerOperator,
} from '../../lib/trigger-conditions';
import { AttributeConditionDialog } from '@/components/conditions/attribute-condition-dialog';
import { EventConditionDialog } from '@/components/conditions/event-condition-dialog';
import { SegmentConditionDialog } from '@/components/conditions/segment-condition-dialog';
import { TriggerAddControls } from './trigger-add-controls';
import { TriggerConditionRow } from './trigger-condition-row';
import { UrlConditionDialog } from './url-condition-dialog';

/** Props of the trigger conditions panel: the flow's condition and where changes go. */
export interface TriggerConditionsPanelProps {
  condition: FlowBody['condition'];
  onChange: (condition: FlowBody['condition']) => void;
  brandId: number;
  readOnly?: boolean;
}

/** Which editor is open: its trigger type, and the row it edits (null while adding). */
type Editing = { kind: TriggerCondition['trigger_type']; index: number | null } | null;

/**
 * Trigger conditions panel (docs/product/screens.md#241-trigger-conditions-panel): the flow's
 * condition groups and their editors.
 */
export function TriggerConditionsPanel({
  condition,
  onChange,
  brandId,
  readOnly = false,
}: TriggerConditionsPanelProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const groups = condition.trigger_conditions;
  const edited = editing?.index != null ? groups[editing.index] : undefined;

  /** Adds, replaces or (with null) removes the edited group, then closes its editor. */
  const commit = (group: TriggerCondition | null) => {
    if (editing && !readOnly) {
      if (editing.index !== null) onChange(replaceTrigger(condition, editing.index, group));
      else if (group) onChange(addTrigger(condition, group));
    }
    setEditing(null);
  };
  const close = () => setEditing(null);
  const common = { brandId, readOnly, onClose: close };

  return (
    <div className="flex flex-col gap-3">
      {groups.length === 0 ? (
        <p className="text-sm text-slate-500">
          {readOnly
            ? 'No trigger conditions.'
            : 'No trigger yet: add a condition to decide when this tour starts.'}
        </p>
      ) : null}
      <ul aria-label="Trigger conditions" className="flex flex-col gap-2">
        {groups.map((group, index) => (
          <TriggerConditionRow
            // Groups have no id and rows keep no state of their own, so the position is enough.
            key={index}
            group={group}
            index={index}
            operator={condition.trigger_operator}
            readOnly={readOnly}
            onOperatorChange={(op) => onChange(setTriggerOperator(condition, op))}
            onOpen={() => setEditing({ kind: group.trigger_type, index })}
            onRemove={() => onChange(removeTrigger(condition, index))}
          />
        ))}
      </ul>
      {readOnly || !canAddTrigger(condition) ? null : (
        <TriggerAddControls onAdd={(kind) => setEditing({ kind, index: null })} />
      )}

      <UrlConditionDialog
        {...common}
        open={editing?.kind === 'url'}
        initial={edited?.trigger_type === 'url' ? edited.conditions : null}
        onSave={(next) => commit(next?.length ? { trigger_type: 'url', conditions: next } : null)}
      />
      <AttributeConditionDialog
        {...common}
        open={editing?.kind === 'customer_condition'}
        initial={edited?.trigger_type === 'customer_condition' ? edited.conditions : null}
        onSave={(next) =>
          commit(next?.length ? { trigger_type: 'customer_condition', conditions: next } : null)
        }
      />
      <EventConditionDialog
        {...common}
        open={editing?.kind === 'event'}
        initial={edited?.trigger_type === 'event' ? (edited.conditions[0] ?? null) : null}
        onSave={(next) => commit(next ? { trigger_type: 'event', conditions: [next] } : null)}
      />
      <SegmentConditionDialog
        {...common}
        open={editing?.kind === 'segment'}
        initial={edited?.trigger_type === 'segment' ? edited.conditions : null}
        onSave={(next) =>
          commit(next?.length ? { trigger_type: 'segment', conditions: next } : null)
        }
      />
    </div>
  );
}
