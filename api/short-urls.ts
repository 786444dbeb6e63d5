import type { z } from 'zod';
import type {
  listShortUrlsQuery,
  ShortUrl,
  ShortUrlInput,
  ShortUrlList,
  ShortUrlReport,
  ShortUrlReportQuery,
} from '@/lib/contracts/short-urls';
import { http, unwrap } from './http';

/** Query of GET /v1/short-urls as the dashboard sends it: the contract's input (defaults may be left out). */
export type ListShortUrlsParams = z.input<typeof listShortUrlsQuery>;

/**
 * The query string of a link's report (docs/short-urls.md, "Report"): the contract's query as the
 * server reads it (`include_bots` a boolean, sent as `true`/`false`).
 */
export type ShortUrlReportParams = ShortUrlReportQuery;

/** GET /v1/short-urls: one page of links, newest change first; `{data, total, nextCursor}`. */
export const listShortUrls = (params: ListShortUrlsParams, signal?: AbortSignal) =>
  unwrap<ShortUrlList>(http.get('/v1/short-urls', { params, signal }));

/** GET /v1/short-urls/{id}; 404 for another owner's link. */
export const getShortUrl = (id: number, signal?: AbortSignal) =>
  unwrap<ShortUrl>(http.get(`/v1/short-urls/${id}`, { signal }));

/** POST /v1/short-urls; 409 `slug_taken` for a slug in use. */
export const createShortUrl = (body: ShortUrlInput) =>
  unwrap<ShortUrl>(http.post('/v1/short-urls', body));

/** PUT /v1/short-urls/{id}: the whole link (no slug keeps the current one). */
export const updateShortUrl = (id: number, body: ShortUrlInput) =>
  unwrap<ShortUrl>(http.put(`/v1/short-urls/${id}`, body));

/** DELETE /v1/short-urls/{id}. */
export const deleteShortUrl = (id: number) =>
  unwrap<{ message: string }>(http.delete(`/v1/short-urls/${id}`));

/** GET /v1/short-urls/{id}/report: clicks over a range, with the top values. */
export const getShortUrlReport = (id: number, params: ShortUrlReportParams, signal?: AbortSignal) =>
  unwrap<ShortUrlReport>(
    http.get(`/v1/short-urls/${id}/report`, {
      params: { ...params, include_bots: params.include_bots ? 'true' : 'false' },
      signal,
    }),
  );
