/** Parameters that identify one events list (the cursor pages live inside the infinite query). */
export interface EventListParams {
  brand_id: number;
  search: string;
}

/** Query keys of event definitions, undefined events and the live tail. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (params: EventListParams) => [...eventKeys.lists(), params] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (id: number) => [...eventKeys.details(), id] as const,
  undefinedEvents: (brandId: number) => [...eventKeys.all, 'undefined', brandId] as const,
  tail: (brandId: number, code: string) => [...eventKeys.all, 'tail', brandId, code] as const,
};
