/** Query keys of product tours. */
export const flowKeys = {
  all: ['flows'] as const,
  lists: () => [...flowKeys.all, 'list'] as const,
  list: (params: { brand_id: number; search: string }) => [...flowKeys.lists(), params] as const,
  detail: (id: number) => [...flowKeys.all, 'detail', id] as const,
};

/** The draft a "Create product tour" click saves before opening the editor. */
export const newDraft = (brandId: number) => ({
  brand_id: brandId,
  name: 'Untitled tour',
  publish: false,
  condition: { trigger_conditions: [], trigger_operator: 'AND' as const },
  display_type: 'once' as const,
  steps: [],
  layout: { positions: {} },
});
