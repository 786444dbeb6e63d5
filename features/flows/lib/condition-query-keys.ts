/** Query keys of what the flow editor's condition dialogs read (attributes and events). */
export const conditionKeys = {
  all: ['flow-conditions'] as const,
  attributeOptions: (brandId: number) =>
    [...conditionKeys.all, 'attribute-options', brandId] as const,
  eventSearch: (brandId: number, name: string) =>
    [...conditionKeys.all, 'event-search', { brand_id: brandId, name }] as const,
  event: (eventId: number) => [...conditionKeys.all, 'event', eventId] as const,
};
