/** Query keys of the events the flow editor's condition dialogs read. */
export const conditionKeys = {
  all: ['flow-conditions'] as const,
  eventSearch: (brandId: number, name: string) =>
    [...conditionKeys.all, 'event-search', { brand_id: brandId, name }] as const,
  event: (eventId: number) => [...conditionKeys.all, 'event', eventId] as const,
};
