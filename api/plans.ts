import type { z } from 'zod';
import type { listPlansQuery, Plan } from '@/lib/contracts/plans';
import type { Page } from './types';
import { http, unwrap } from './http';

/** Query of GET /v1/plans: the contract's input. */
export type ListPlansParams = z.input<typeof listPlansQuery>;

/** Plans a user can buy, sorted by order_number (no add-ons). */
export const listAvailablePlans = (signal?: AbortSignal) =>
  unwrap<Plan[]>(http.get('/v1/plans/available-plan', { signal }));

export const listPlans = (params: ListPlansParams = {}, signal?: AbortSignal) =>
  unwrap<Page<Plan>>(http.get('/v1/plans', { params, signal }));
