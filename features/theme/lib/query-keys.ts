/** Query keys of product themes. */
export const themeKeys = {
  all: ['themes'] as const,
  detail: (brandId: number) => [...themeKeys.all, brandId] as const,
};
