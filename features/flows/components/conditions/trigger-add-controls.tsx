import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import type { TriggerCondition } from '@/lib/contracts/flows';

/** Props of the controls that add a trigger condition group. */
export interface TriggerAddControlsProps {
  onAdd: (kind: TriggerCondition['trigger_type']) => void;
}

const ITEM =
  'flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/**
 * "Add Condition" offers only URL, as docs/product/screens.md#241-trigger-conditions-panel says;
 * events and customer attributes have no entry in that menu, so they get their own buttons beside
 * it.
 */
export function TriggerAddControls({ onAdd }: TriggerAddControlsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {/* Not modal: a modal menu would leave the page inert when its item opens a dialog. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" size="sm">
            <PlusIcon className="h-4 w-4" />
            Add Condition
            <ChevronDownIcon className="h-4 w-4 text-slate-400" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className="z-50 min-w-[200px] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Item className={ITEM} onSelect={() => onAdd('url')}>
              URL
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button variant="ghost" size="sm" onClick={() => onAdd('event')}>
        Add event condition
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onAdd('customer_condition')}>
        Add attribute condition
      </Button>
    </div>
  );
}
