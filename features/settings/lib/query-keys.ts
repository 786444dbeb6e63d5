/** Query keys of a product's settings. */
export const settingsKeys = {
  all: ['settings'] as const,
  ipCapture: (brandId: number) => [...settingsKeys.all, 'ip-capture', brandId] as const,
  filters: (brandId: number) => [...settingsKeys.all, 'filters', brandId] as const,
  deletion: (brandId: number) => [...settingsKeys.all, 'deletion', brandId] as const,
  retention: (brandId: number) => [...settingsKeys.all, 'retention', brandId] as const,
};
