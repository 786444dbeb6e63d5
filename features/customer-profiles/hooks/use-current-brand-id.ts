import { useBrandStore } from '@/stores/brand';

/** The product chosen in the sidebar switcher; null until one exists. */
export function useCurrentBrandId(): number | null {
  return useBrandStore((s) => s.brandId);
}
