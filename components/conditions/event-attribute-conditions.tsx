import { useMemo } from 'react';
import { MAX_EVENT_ATTRIBUTE_CONDITIONS } from '@/lib/contracts/flows';
import type { EventDef } from '@/lib/contracts/events';
import { Spinner } from '@/components/layout/spinner';
import type { ConditionDraftRow } from './condition-rows';
import type { EventDraft } from './event-condition';
import type { AttributePickerGroup } from './condition-attribute-picker';
import { ConditionOperatorToggle } from './condition-operator-toggle';
import { ConditionRowList } from './condition-row-list';

type Operator = EventDraft['attribute_condition_operator'];

export interface EventAttributeConditionsProps {
  /** The chosen event (its attributes); undefined while it loads. */
  event: EventDef | undefined;
  loading: boolean;
  rows: readonly ConditionDraftRow[];
  operator: Operator;
  onRowsChange: (rows: ConditionDraftRow[]) => void;
  onOperatorChange: (operator: Operator) => void;
  readOnly?: boolean;
}

/** "Event's Condition": up to 5 conditions over the chosen event's attributes, joined AND/OR. */
export function EventAttributeConditions({
  event,
  loading,
  rows,
  operator,
  onRowsChange,
  onOperatorChange,
  readOnly = false,
}: EventAttributeConditionsProps) {
  const groups = useMemo<AttributePickerGroup[]>(
    () => [
      {
        options: (event?.attributes ?? []).map((a) => ({
          value: a.code,
          label: a.name,
          dataType: a.data_type,
        })),
      },
    ],
    [event],
  );
  const hasAttributes = groups[0].options.length > 0;

  return (
    <section aria-label="Event's Condition" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-slate-700">Event&apos;s Condition</h3>
        <ConditionOperatorToggle
          label="Attribute conditions operator"
          value={operator}
          onChange={onOperatorChange}
          disabled={readOnly}
        />
      </div>
      {loading ? (
        <Spinner size="sm" label="Loading the event's attributes" className="text-brand-600" />
      ) : (
        <ConditionRowList
          rows={rows}
          onChange={onRowsChange}
          groups={groups}
          optionsLoaded={event !== undefined}
          max={hasAttributes ? MAX_EVENT_ATTRIBUTE_CONDITIONS : 0}
          readOnly={readOnly}
          emptyText={
            hasAttributes
              ? 'No attribute conditions: every occurrence of the event counts.'
              : 'This event has no attributes to filter on.'
          }
        />
      )}
    </section>
  );
}
