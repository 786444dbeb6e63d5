import type { PlanKind } from '@/lib/constants';
import type { Plan } from '@/lib/contracts/plans';
import type { Page } from './types';
import { http, unwrap } from './http';

export interface ListPlansParams {
  offset?: number;
  limit?: number;
  type?: PlanKind;
}

/** Plans a user can buy, sorted by order_number (no add-ons). */
export const listAvailablePlans = (signal?: AbortSignal) =>
  unwrap<Plan[]>(http.get('/v1/plans/available-plan', { signal }));

export const listPlans = (params: ListPlansParams = {}, signal?: AbortSignal) =>
  unwrap<Page<Plan>>(http.get('/v1/plans', { params, signal }));
