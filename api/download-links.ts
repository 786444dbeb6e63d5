import type { DownloadLink } from '@/lib/contracts/download-links';
import { publicEnv } from '@/lib/public-env';
import { http, unwrap } from './http';

export type { DownloadLink };

/**
 * POST /v1/download-links: a link to an allow-listed download (`path` with its query) that the
 * browser opens without the bearer header, valid for a minute (docs/security.md, "Download links").
 */
export const createDownloadLink = (path: string) =>
  unwrap<DownloadLink>(http.post('/v1/download-links', { path }));

/** A link's `url` as the browser opens it: an API path on the API's origin, or as it is. */
export const downloadHref = (url: string): string =>
  url.startsWith('/') ? `${publicEnv.apiUrl() ?? ''}${url}` : url;
