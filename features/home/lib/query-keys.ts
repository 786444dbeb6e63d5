/** Query keys of Home: one answer per product (null: no product chosen). */
export const homeKeys = {
  all: ['home'] as const,
  details: () => [...homeKeys.all, 'detail'] as const,
  detail: (brandId: number | null) => [...homeKeys.details(), brandId] as const,
};
