import type { FlowBody } from '@/lib/contracts/flows';

/**
 * An empty, unpublished flow of a product: what /flows/create starts from. It stays in memory
 * until the first Save creates it (POST /v1/flows).
 */
export const newDraft = (brandId: number): FlowBody => ({
  brand_id: brandId,
  name: 'Untitled tour',
  publish: false,
  condition: { trigger_conditions: [], trigger_operator: 'AND' },
  attribute_conditions: [],
  display_type: 'once',
  display_times: null,
  priority: 0,
  steps: [],
  layout: { positions: {} },
});
