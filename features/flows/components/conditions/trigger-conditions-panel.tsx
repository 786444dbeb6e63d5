import type { FlowBody } from '@/lib/contracts/flows';

export interface TriggerConditionsPanelProps {
  condition: FlowBody['condition'];
  onChange: (condition: FlowBody['condition']) => void;
  brandId: number;
  readOnly?: boolean;
}

/** Trigger conditions panel (spec 2.4.1). Placeholder until the panel lands. */
export function TriggerConditionsPanel(_props: TriggerConditionsPanelProps) {
  return null;
}
