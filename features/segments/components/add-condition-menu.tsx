import { buttonClasses } from '@/components/ui/button';
import { ChevronDownIcon, PlusIcon } from '@/components/ui/icons';
import { Menu, type MenuItem } from '@/components/ui/menu';

/** What a condition tests; `group` only at the top level (one level of nesting). */
export type AddKind = 'customer' | 'event' | 'segment' | 'group';

const LABELS: Record<AddKind, string> = {
  customer: 'Customer attribute',
  event: 'Event',
  segment: 'In segment',
  group: 'Group',
};

/** The "Add condition" menu of the builder, or of one group ("Add condition to group 2"). */
export function AddConditionMenu(props: {
  kinds: readonly AddKind[];
  label?: string;
  onAdd: (kind: AddKind) => void;
}) {
  const items: MenuItem[] = props.kinds.map((kind) => ({
    key: kind,
    label: LABELS[kind],
    onSelect: () => props.onAdd(kind),
  }));
  return (
    <Menu
      triggerClassName={buttonClasses('secondary', 'sm')}
      triggerProps={props.label ? { 'aria-label': props.label } : undefined}
      trigger={
        <>
          <PlusIcon className="h-4 w-4" />
          Add condition
          <ChevronDownIcon className="h-4 w-4 text-slate-400" />
        </>
      }
      items={items}
    />
  );
}
