import { MESSAGES } from '../../../lib/messages';
import { notFound } from '../../errors';
import type { BrandsRepository } from './brands.repository';

/**
 * The one ownership check of brand-scoped data: a brand id from a request is usable only when
 * the session's user owns it; anything else answers 404, as if it did not exist.
 */
export function createBrandAccess(brands: BrandsRepository) {
  return {
    async owned(ownerId: string, brandId: number) {
      const brand = await brands.find(ownerId, brandId);
      if (!brand) throw notFound(MESSAGES.brands.notFound);
      return brand;
    },
    async owns(ownerId: string, brandId: number) {
      return Boolean(await brands.find(ownerId, brandId));
    },
  };
}
export type BrandAccess = ReturnType<typeof createBrandAccess>;
