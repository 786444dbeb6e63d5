import type { z } from 'zod';
import type {
  Brand,
  BrandBody,
  BrandSources,
  BrandSourcesBody,
  listBrandsQuery,
} from '@/lib/contracts/brands';
import { http, unwrap } from './http';
import type { Page } from './types';

/** Query of GET /v1/brands: the contract's input. */
export type ListBrandsParams = z.input<typeof listBrandsQuery>;

export const listBrands = (params: ListBrandsParams = {}, signal?: AbortSignal) =>
  unwrap<Page<Brand>>(http.get('/v1/brands', { params, signal }));

export const getBrand = (id: number, signal?: AbortSignal) =>
  unwrap<Brand>(http.get(`/v1/brands/${id}`, { signal }));

export const createBrand = (body: BrandBody) => unwrap<Brand>(http.post('/v1/brands', body));

export const updateBrand = (id: number, body: BrandBody) =>
  unwrap<Brand>(http.put(`/v1/brands/${id}`, body));

export const deleteBrand = (id: number) => unwrap<{ id: number }>(http.delete(`/v1/brands/${id}`));

export const rotateBrandKey = (id: number) =>
  unwrap<Brand>(http.post(`/v1/brands/${id}/rotate-key`));

/** Trusted sources: allowed origins, signed identities, the secret server key. */
export const getBrandSources = (id: number, signal?: AbortSignal) =>
  unwrap<BrandSources>(http.get(`/v1/brands/${id}/sources`, { signal }));

export const updateBrandSources = (id: number, body: BrandSourcesBody) =>
  unwrap<BrandSources>(http.put(`/v1/brands/${id}/sources`, body));

export const rotateIdentitySecret = (id: number) =>
  unwrap<BrandSources>(http.post(`/v1/brands/${id}/identity-secret`));

/** A new secret server key: the answer is the only time it is shown. */
export const rotateServerKey = (id: number) =>
  unwrap<{ server_key: string }>(http.post(`/v1/brands/${id}/server-key`));

export const revokeServerKey = (id: number) =>
  unwrap<BrandSources>(http.delete(`/v1/brands/${id}/server-key`));
