import type { Flow, FlowInput } from '@/lib/contracts/flows';
import { http, unwrap } from './http';

export interface FlowListItem {
  id: number;
  brand_id: number;
  name: string;
  status: 'published' | 'unpublished';
  step_count: number;
  updated_at: string;
}
export interface FlowList {
  data: FlowListItem[];
  total: number;
  nextCursor: string | null;
}

export const listFlows = (
  params: { brand_id: number; search?: string; cursor: string; limit: number },
  signal?: AbortSignal,
) => unwrap<FlowList>(http.get('/v1/flows', { params, signal }));
export const createFlow = (body: FlowInput) => unwrap<Flow>(http.post('/v1/flows', body));
export const duplicateFlow = (id: number) => unwrap<Flow>(http.post(`/v1/flows/${id}/duplicate`));
export const deleteFlow = (id: number) =>
  unwrap<{ message: string }>(http.delete(`/v1/flows/${id}`));
