import { useEffect } from 'react';
import { useBrandStore } from '@/stores/brand';
import { resolveCurrentBrand } from '../lib/brand-list';
import { useBrands } from './use-brands';

/**
 * The product the dashboard works on: the stored choice while it exists, else the first one.
 * The effective id is written back so local storage 'brand_id' always names a live product.
 */
export function useCurrentBrand() {
  const brands = useBrands();
  const storedId = useBrandStore((s) => s.brandId);
  const setBrandId = useBrandStore((s) => s.setBrandId);
  const list = brands.data?.data;
  const current = list ? resolveCurrentBrand(list, storedId) : null;
  const effectiveId = current?.id ?? null;

  useEffect(() => {
    if (list && effectiveId !== storedId) setBrandId(effectiveId);
  }, [list, effectiveId, storedId, setBrandId]);

  return { brands, current, setBrandId };
}
