import { useMemo, useState } from 'react';
import { EVENT_SEARCH_LIMIT } from '@/lib/constants';
import type { EventCondition } from '@/lib/contracts/flows';
import { EventPicker, type EventPaging } from '@/components/event-picker';
import { Button } from '@/components/ui/button';
import { useEventDefinition } from '@/hooks/use-event-definition';
import {
  changeEvent,
  eventDraftProblems,
  fromEventDraft,
  toEventDraft,
  type EventDraft,
} from './event-condition';
import { ConditionDialogFooter, ConditionDialogFrame } from './condition-dialog-frame';
import { ConditionProblems } from './condition-problems';
import { EventAttributeConditions } from './event-attribute-conditions';
import { EventFrequencyEditor } from './event-frequency-editor';
import { EventTimeframeEditor } from './event-timeframe-editor';
import type { ConditionDialogProps } from './dialog-types';

/**
 * The event search of the dialog: one request of at most 99 of the product's events
 * (docs/product/screens.md#244-event-dialog, docs/product/api.md#events), no further pages.
 */
const EVENT_SEARCH: EventPaging = { limit: EVENT_SEARCH_LIMIT, paged: false };

/**
 * Event dialog (docs/product/screens.md#244-event-dialog): which event, how often, when, and
 * filters on its attributes.
 */
export function EventConditionDialog(props: ConditionDialogProps<EventCondition>) {
  return (
    <ConditionDialogFrame open={props.open} title="Event" onClose={props.onClose}>
      <EventConditionForm {...props} />
    </ConditionDialogFrame>
  );
}

function EventConditionForm({
  initial,
  brandId,
  readOnly = false,
  onSave,
  onClose,
}: ConditionDialogProps<EventCondition>) {
  const saved = useMemo(() => (initial ? toEventDraft(initial) : null), [initial]);
  const [draft, setDraft] = useState<EventDraft>(() => saved ?? toEventDraft(null));
  const [problems, setProblems] = useState<string[]>([]);
  // The same cache entry as the picker's and the events pages' (one GET /v1/events/{id}).
  const event = useEventDefinition(draft.event_id);

  // Errors show only after Apply and clear as soon as anything changes
  // (docs/product/entities.md#event-dialog).
  const update = (patch: Partial<EventDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblems([]);
  };
  const apply = () => {
    if (draft.event_id === null) return onSave(null);
    const found = eventDraftProblems(draft);
    if (found.length > 0) return setProblems(found);
    onSave(fromEventDraft(draft));
  };

  return (
    <div className="flex flex-col gap-5">
      <EventPicker
        variant="input"
        brandId={brandId}
        value={draft.event_id}
        placeholder="Find an event"
        paging={EVENT_SEARCH}
        fallbackText={draft.event_code ?? undefined}
        disabled={readOnly}
        onChange={(e) => {
          if (!e) return;
          setDraft((d) => changeEvent(d, { id: e.id, code: e.code }, saved));
          setProblems([]);
        }}
      />
      <EventFrequencyEditor
        value={draft.frequency}
        disabled={readOnly}
        onChange={(frequency) => update({ frequency })}
      />
      <EventTimeframeEditor
        value={draft.timeframe}
        disabled={readOnly}
        onChange={(timeframe) => update({ timeframe })}
      />
      {draft.event_id !== null ? (
        <EventAttributeConditions
          event={event.data}
          loading={event.isPending}
          rows={draft.attribute_conditions}
          operator={draft.attribute_condition_operator}
          readOnly={readOnly}
          onRowsChange={(attribute_conditions) => update({ attribute_conditions })}
          onOperatorChange={(attribute_condition_operator) =>
            update({ attribute_condition_operator })
          }
        />
      ) : null}
      <ConditionProblems problems={problems} />
      <ConditionDialogFooter
        start={
          readOnly ? null : initial !== null ? (
            <Button variant="danger" onClick={() => onSave(null)}>
              Delete
            </Button>
          ) : (
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          )
        }
        onDiscard={onClose}
        submit={readOnly ? undefined : { label: 'Apply', onClick: apply }}
      />
    </div>
  );
}
