import { eventDetailKeys } from '@/hooks/use-event-definition';

/** Parameters that identify one events list (the cursor pages live inside the infinite query). */
export interface EventListParams {
  brand_id: number;
  search: string;
}

/**
 * Query keys of event definitions, undefined events and the live tail. An event's detail key is
 * the app-wide one the flow editor reads too (`hooks/use-event-definition.ts`).
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (params: EventListParams) => [...eventKeys.lists(), params] as const,
  detail: eventDetailKeys.detail,
  undefinedEvents: (brandId: number) => [...eventKeys.all, 'undefined', brandId] as const,
  /** `code` null: the tail of every code (Live events). */
  tail: (brandId: number, code: string | null) =>
    [...eventKeys.all, 'tail', brandId, code] as const,
  definedCodes: (brandId: number) => [...eventKeys.all, 'codes', brandId] as const,
};
