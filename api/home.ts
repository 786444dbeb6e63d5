import type { Home } from '@/lib/contracts/home';
import { http, unwrap } from './http';

/** GET /v1/home: the checklist and numbers of a product, or of the account without one. */
export const getHome = (brandId: number | null, signal?: AbortSignal) =>
  unwrap<Home>(
    http.get('/v1/home', { params: brandId === null ? {} : { brand_id: brandId }, signal }),
  );
