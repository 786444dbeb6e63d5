import type { ExportFormat } from '@/lib/contracts/data-export';
import type { erasureListSchema } from '@/lib/contracts/erasure';
import type { ProductDeletion } from '@/lib/contracts/product-deletion';
import type { z } from 'zod';
import { http, unwrap } from './http';

export type ErasureList = z.infer<typeof erasureListSchema>;

export type { ProductDeletion };

/** A product's pending deletion, or null (docs/data-rights.md, "Deleting a product"). */
export const getProductDeletion = (brandId: number, signal?: AbortSignal) =>
  unwrap<ProductDeletion | null>(http.get(`/v1/brands/${brandId}/deletion`, { signal }));

/** Asks for the deletion, with the product's name typed to confirm; due 24 hours later. */
export const requestProductDeletion = (brandId: number, name: string) =>
  unwrap<ProductDeletion>(http.post(`/v1/brands/${brandId}/deletion`, { name }));

export const cancelProductDeletion = (brandId: number) =>
  unwrap<{ cancelled: boolean }>(http.delete(`/v1/brands/${brandId}/deletion`));

/** The address of a data export (docs/data-export.md), for a download link. */
export const exportPath = (kind: 'events' | 'profiles', brandId: number, format: ExportFormat) =>
  `/v1/export/${kind}?brand_id=${brandId}&format=${format}`;

/** GET /v1/erasures: a product's erasures, newest first, a page at a time (the audit). */
export const listErasures = (
  brandId: number,
  params: { cursor?: string; limit?: number },
  signal?: AbortSignal,
) =>
  unwrap<ErasureList>(
    http.get('/v1/erasures', { params: { brand_id: brandId, ...params }, signal }),
  );
