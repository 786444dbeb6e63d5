import type { FlowInput } from '@/lib/contracts/flows';

/** The draft a "Create product tour" click saves before opening the editor. */
export const newDraft = (brandId: number): FlowInput => ({
  brand_id: brandId,
  name: 'Untitled tour',
  publish: false,
  condition: { trigger_conditions: [], trigger_operator: 'AND' },
  display_type: 'once',
  steps: [],
  layout: { positions: {} },
});
