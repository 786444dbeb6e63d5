import type { BrandTheme, ThemeInput } from '@/lib/contracts/theme';
import { http, unwrap } from './http';

/** A product's theme, "Custom styling" (docs/theme.md). */
export const getBrandTheme = (brandId: number, signal?: AbortSignal) =>
  unwrap<BrandTheme>(http.get(`/v1/brands/${brandId}/theme`, { signal }));

export const saveBrandTheme = (brandId: number, theme: ThemeInput) =>
  unwrap<BrandTheme>(http.put(`/v1/brands/${brandId}/theme`, theme));
