import type { SegmentMembersPage, SegmentPreview } from '@/lib/contracts/segment-members';
import type {
  ListSegmentsParams,
  SavedSegment,
  Segment,
  SegmentDefinitionInput,
  SegmentInput,
  SegmentList,
} from '@/lib/contracts/segments';
import { http, unwrap } from './http';

/** POST /v1/segments/preview and GET /v1/segments/{id}/members (docs/segments.md, "API"). */
export type { SegmentMembersPage, SegmentPreview };

/** GET /v1/segments: one page of a product's segments, by name. */
export const listSegments = (params: ListSegmentsParams, signal?: AbortSignal) =>
  unwrap<SegmentList>(http.get('/v1/segments', { params, signal }));

/** GET /v1/segments/{id}. */
export const getSegment = (id: number, signal?: AbortSignal) =>
  unwrap<Segment>(http.get(`/v1/segments/${id}`, { signal }));

/** POST /v1/segments. */
export const createSegment = (body: SegmentInput) =>
  unwrap<Segment>(http.post('/v1/segments', body));

/** PUT /v1/segments/{id}: the segment, and who joins and leaves published tours' audience. */
export const updateSegment = (id: number, body: SegmentInput) =>
  unwrap<SavedSegment>(http.put(`/v1/segments/${id}`, body));

/** DELETE /v1/segments/{id}; 409 while a published tour targets it. */
export const deleteSegment = (id: number) => unwrap<unknown>(http.delete(`/v1/segments/${id}`));

/**
 * POST /v1/segments/preview: the live count of the builder; an estimate over the server's time
 * budget unless `exact` (the builder's "Count exactly").
 */
export const previewSegment = (
  body: { brand_id: number; definition: SegmentDefinitionInput; exact?: boolean },
  signal?: AbortSignal,
) => unwrap<SegmentPreview>(http.post('/v1/segments/preview', body, { signal }));

/** GET /v1/segments/{id}/members: one page of members, by keyset cursor. */
export const listSegmentMembers = (
  id: number,
  params: { cursor?: string; limit?: number },
  signal?: AbortSignal,
) => unwrap<SegmentMembersPage>(http.get(`/v1/segments/${id}/members`, { params, signal }));

/** The address of every member as CSV (the Export CSV link's target). */
export const segmentMembersCsvPath = (id: number) => `/v1/segments/${id}/members?format=csv`;

/** GET /v1/segments/{id}/members?format=csv: every member, as CSV text. */
export const exportSegmentMembersCsv = async (id: number): Promise<string> => {
  const res = await http.get<string>(`/v1/segments/${id}/members`, {
    params: { format: 'csv' },
    headers: { accept: 'text/csv' },
  });
  return typeof res.data === 'string' ? res.data : '';
};
