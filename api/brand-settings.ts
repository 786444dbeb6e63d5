import type { EventFilters, EventFiltersBody, IpCapture } from '@/lib/contracts/brand-settings';
import { http, unwrap } from './http';

/** A product's ingestion settings (docs/settings.md): IP capture and event filters. */
export const getIpCapture = (brandId: number, signal?: AbortSignal) =>
  unwrap<IpCapture>(http.get(`/v1/brands/${brandId}/ip-capture`, { signal }));

export const updateIpCapture = (brandId: number, body: IpCapture) =>
  unwrap<IpCapture>(http.put(`/v1/brands/${brandId}/ip-capture`, body));

export const getEventFilters = (brandId: number, signal?: AbortSignal) =>
  unwrap<EventFilters>(http.get(`/v1/brands/${brandId}/filters`, { signal }));

export const updateEventFilters = (brandId: number, body: EventFiltersBody) =>
  unwrap<EventFilters>(http.put(`/v1/brands/${brandId}/filters`, body));
