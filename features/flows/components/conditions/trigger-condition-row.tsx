import type { TriggerCondition } from '@/lib/contracts/flows';
import { summarizeTrigger, type TriggerOperator } from '../../lib/trigger-conditions';
import { ConditionOperatorToggle } from '@/components/conditions/condition-operator-toggle';
import {
  ConditionSummaryButton,
  RemoveConditionButton,
} from '@/components/conditions/condition-line-parts';
import { useSegmentNames } from '@/components/conditions/segment-queries';

/** Props of one trigger condition group in the panel. */
export interface TriggerConditionRowProps {
  group: TriggerCondition;
  /** 0-based position: the first row shows IF, later ones the AND/OR toggle. */
  index: number;
  operator: TriggerOperator;
  readOnly: boolean;
  onOperatorChange: (operator: TriggerOperator) => void;
  onOpen: () => void;
  onRemove: () => void;
}

/** One condition group: IF badge or operator toggle, a summary that opens its editor, ×. */
export function TriggerConditionRow({
  group,
  index,
  operator,
  readOnly,
  onOperatorChange,
  onOpen,
  onRemove,
}: TriggerConditionRowProps) {
  const n = index + 1;
  // A segment row names its segments: they are read (and cached) by id.
  const names = useSegmentNames(
    group.trigger_type === 'segment' ? group.conditions.map((c) => c.segment_id) : [],
  );
  return (
    <li className="flex flex-col gap-1.5">
      {index === 0 ? (
        <span className="w-fit rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
          IF
        </span>
      ) : (
        <ConditionOperatorToggle
          label={`Operator before condition ${n}`}
          value={operator}
          onChange={onOperatorChange}
          disabled={readOnly}
        />
      )}
      <div className="flex items-start gap-1">
        <ConditionSummaryButton onClick={onOpen}>
          {summarizeTrigger(group, (id) => names.get(id))}
        </ConditionSummaryButton>
        {readOnly ? null : (
          <RemoveConditionButton label={`Remove condition ${n}`} onClick={onRemove} />
        )}
      </div>
    </li>
  );
}
