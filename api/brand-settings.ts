import type { EventFilters, EventFiltersBody, IpCapture } from '@/lib/contracts/brand-settings';
import type { Retention, RetentionBody } from '@/lib/contracts/retention';
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

/** A product's data retention (docs/retention.md). */
export const getRetention = (brandId: number, signal?: AbortSignal) =>
  unwrap<Retention>(http.get(`/v1/brands/${brandId}/retention`, { signal }));

export const updateRetention = (brandId: number, body: RetentionBody) =>
  unwrap<Retention>(http.put(`/v1/brands/${brandId}/retention`, body));
