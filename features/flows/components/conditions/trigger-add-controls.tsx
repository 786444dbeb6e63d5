import { Button, buttonClasses } from '@/components/ui/button';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { Menu } from '@/components/ui/menu';
import type { TriggerCondition } from '@/lib/contracts/flows';

/** Props of the controls that add a trigger condition group. */
export interface TriggerAddControlsProps {
  onAdd: (kind: TriggerCondition['trigger_type']) => void;
}

/**
 * "Add Condition" offers URL, as docs/product/screens.md#241-trigger-conditions-panel says, and
 * Segment (in or not in a segment, docs/flows.md, "The editor"); events and customer attributes
 * have no entry in that menu, so they get their own buttons beside it.
 */
export function TriggerAddControls({ onAdd }: TriggerAddControlsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Menu
        triggerClassName={buttonClasses('secondary', 'sm')}
        trigger={
          <>
            <PlusIcon className="h-4 w-4" />
            Add Condition
            <ChevronDownIcon className="h-4 w-4 text-slate-400" />
          </>
        }
        items={[
          { key: 'url', label: 'URL', onSelect: () => onAdd('url') },
          { key: 'segment', label: 'Segment', onSelect: () => onAdd('segment') },
        ]}
      />
      <Button variant="ghost" size="sm" onClick={() => onAdd('event')}>
        Add event condition
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onAdd('customer_condition')}>
        Add attribute condition
      </Button>
    </div>
  );
}
