import type { EraseBody, Erasure } from '@/lib/contracts/erasure';
import type { z } from 'zod';
import type { AttributeCondition } from '@/lib/conditions';
import type {
  AttributeOptionGroup,
  CustomerProfile,
  DataAttribute,
  DataAttributeInput,
  listProfilesQuery,
  MetadataAttribute,
  MetadataAttributeInput,
  ProfileList,
  Timeline,
  timelineQuery,
} from '@/lib/contracts/customer-profiles';
import { http, unwrap } from './http';

/**
 * Query of GET /v1/customer-profiles: the contract's input, except `conditions`, held here as the
 * conditions themselves (they travel as JSON text).
 */
export type ListProfilesParams = Omit<z.input<typeof listProfilesQuery>, 'conditions'> & {
  conditions?: AttributeCondition[];
};

/** The wire form of the list query: empty search and filters are left out. */
export function profileListQuery(params: ListProfilesParams): Record<string, string | number> {
  const query: Record<string, string | number> = {
    brand_id: params.brand_id,
    sort_order: params.sort_order ?? 'desc',
  };
  const search = params.search?.trim();
  if (search) query.search = search;
  if (params.cursor) query.cursor = params.cursor;
  if (params.limit) query.limit = params.limit;
  if (params.conditions && params.conditions.length > 0) {
    query.conditions = JSON.stringify(params.conditions);
    query.condition_operator = params.condition_operator ?? 'AND';
  }
  return query;
}

export const listProfiles = (params: ListProfilesParams, signal?: AbortSignal) =>
  unwrap<ProfileList>(
    http.get('/v1/customer-profiles', { params: profileListQuery(params), signal }),
  );

export const getProfile = (id: number, signal?: AbortSignal) =>
  unwrap<CustomerProfile>(http.get(`/v1/customer-profiles/${id}`, { signal }));

/** Query of GET /v1/customer-profiles/{id}/events: the contract's input. */
export type TimelineParams = z.input<typeof timelineQuery>;

export const getProfileTimeline = (id: number, params: TimelineParams, signal?: AbortSignal) =>
  unwrap<Timeline>(http.get(`/v1/customer-profiles/${id}/events`, { params, signal }));

/** Metadata values keyed by custom_field_name; null clears a value. */
export type ProfileMetadataValues = Record<string, string | number | boolean | null>;

/** POST /v1/customer-profiles/{id}/erase: queued; the profile is gone at once (docs/data-rights.md). */
export const eraseProfile = (id: number, body: EraseBody) =>
  unwrap<Erasure>(http.post(`/v1/customer-profiles/${id}/erase`, body));

export const updateProfileMetadata = (id: number, metadata: ProfileMetadataValues) =>
  unwrap<CustomerProfile>(http.put(`/v1/customer-profiles/${id}/metadata`, { metadata }));

export const listMetadataAttributes = (brandId: number, signal?: AbortSignal) =>
  unwrap<MetadataAttribute[]>(
    http.get('/v1/metadata-attributes', { params: { brand_id: brandId }, signal }),
  );

export const createMetadataAttribute = (body: MetadataAttributeInput) =>
  unwrap<MetadataAttribute>(http.post('/v1/metadata-attributes', body));

export const updateMetadataAttribute = (id: number, body: MetadataAttributeInput) =>
  unwrap<MetadataAttribute>(http.put(`/v1/metadata-attributes/${id}`, body));

export const deleteMetadataAttribute = async (id: number): Promise<void> => {
  await http.delete(`/v1/metadata-attributes/${id}`);
};

export const listDataAttributes = (brandId: number, signal?: AbortSignal) =>
  unwrap<DataAttribute[]>(
    http.get('/v1/data-attributes', { params: { brand_id: brandId }, signal }),
  );

export const createDataAttribute = (body: DataAttributeInput) =>
  unwrap<DataAttribute>(http.post('/v1/data-attributes', body));

export const updateDataAttribute = (id: number, body: DataAttributeInput) =>
  unwrap<DataAttribute>(http.put(`/v1/data-attributes/${id}`, body));

export const deleteDataAttribute = async (id: number): Promise<void> => {
  await http.delete(`/v1/data-attributes/${id}`);
};

/** Attribute picker options, grouped ATTRIBUTE and METADATA. */
export const getAttributeOptions = (brandId: number, signal?: AbortSignal) =>
  unwrap<AttributeOptionGroup[]>(
    http.get('/v1/attributes/options', { params: { brand_id: brandId }, signal }),
  );
