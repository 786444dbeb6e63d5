import type { EventCondition } from '@/lib/contracts/flows';
import type { ConditionDialogProps } from './types';

/** Event dialog (spec 2.4.4). Placeholder until the dialog lands. */
export function EventConditionDialog(_props: ConditionDialogProps<EventCondition>) {
  return null;
}
