import { create } from 'zustand';
import { STORAGE_KEYS } from '@/lib/constants';

/** The product (brand) the dashboard is looking at; persisted as local storage 'brand_id'. */
export interface BrandState {
  brandId: number | null;
  setBrandId: (id: number | null) => void;
}

function parseId(raw: string | null): number | null {
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function readPersistedBrandId(): number | null {
  if (typeof window === 'undefined') return null;
  try {
    return parseId(window.localStorage.getItem(STORAGE_KEYS.brandId));
  } catch {
    return null;
  }
}

export const useBrandStore = create<BrandState>()((set) => ({
  brandId: readPersistedBrandId(),
  setBrandId: (brandId) => {
    try {
      if (brandId === null) window.localStorage.removeItem(STORAGE_KEYS.brandId);
      else window.localStorage.setItem(STORAGE_KEYS.brandId, String(brandId));
    } catch {
      // Storage unavailable: the choice lasts for this tab only.
    }
    set({ brandId });
  },
}));
