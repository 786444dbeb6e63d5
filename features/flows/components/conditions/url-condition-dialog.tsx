import type { UrlCondition } from '@/lib/contracts/flows';
import type { ConditionDialogProps } from './types';

/** URL Condition dialog (spec 2.4.2). Placeholder until the dialog lands. */
export function UrlConditionDialog(_props: ConditionDialogProps<UrlCondition[]>) {
  return null;
}
