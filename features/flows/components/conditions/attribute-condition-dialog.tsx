import type { CustomerCondition } from '@/lib/contracts/flows';
import type { ConditionDialogProps } from './types';

/** Attribute & Metadata dialog (spec 2.4.3). Placeholder until the dialog lands. */
export function AttributeConditionDialog(_props: ConditionDialogProps<CustomerCondition[]>) {
  return null;
}
