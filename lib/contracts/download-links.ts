import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * Signed download links (docs/security.md, "Download links"): POST /v1/download-links turns the
 * address of a downloadable GET route into a short-lived link that needs no bearer header, so a
 * browser can save a large export straight to disk. One contract read by the server's route, the
 * mock API and the dashboard.
 */

/** The query parameter that carries a link's signature. */
export const DOWNLOAD_TOKEN_PARAM = 'download_token';

/** How long a link stays valid after it is made. */
export const DOWNLOAD_LINK_TTL_MS = 60_000;

/** A route a link may open: its path and the query it accepts (every other parameter refused). */
export interface DownloadableRoute {
  /** Shown in the refusal's message. */
  label: string;
  path: RegExp;
  query: z.ZodType<Record<string, string>>;
}

/** The data export's parameters (docs/data-export.md); the route checks their values. */
const exportQuery = z.strictObject({
  brand_id: z.string(),
  format: z.string().optional(),
  fields: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  cursor: z.string().optional(),
});

/**
 * The one allow-list of routes a download link may open, each a GET that streams a file with
 * `Content-Disposition: attachment`.
 */
export const DOWNLOADABLE_ROUTES: readonly DownloadableRoute[] = [
  {
    label: '/v1/segments/{id}/members?format=csv|ndjson',
    path: /^\/v1\/segments\/[1-9]\d{0,9}\/members$/,
    query: z.strictObject({ format: z.enum(['csv', 'ndjson']) }),
  },
  {
    label: '/v1/export/events?brand_id=…',
    path: /^\/v1\/export\/events$/,
    query: exportQuery,
  },
  {
    label: '/v1/export/profiles?brand_id=…',
    path: /^\/v1\/export\/profiles$/,
    query: exportQuery,
  },
];

/**
 * The allow-listed route an address (path and query) names, with its query's parameters; null
 * when it names none, repeats a parameter, or carries a link's signature already.
 */
export function downloadableRoute(path: string, params: URLSearchParams): DownloadableRoute | null {
  const keys = [...params.keys()];
  if (new Set(keys).size !== keys.length || params.has(DOWNLOAD_TOKEN_PARAM)) return null;
  const route = DOWNLOADABLE_ROUTES.find((r) => r.path.test(path));
  return route && route.query.safeParse(Object.fromEntries(params)).success ? route : null;
}

/** The allowed addresses, for the refusal's message. */
export const downloadableLabels = () => DOWNLOADABLE_ROUTES.map((r) => r.label).join(', ');

/** POST /v1/download-links's body. */
export const downloadLinkBodySchema = z.object({
  /** An API address with its query, e.g. /v1/segments/1/members?format=csv. */
  path: z
    .string({ error: MESSAGES.downloads.pathInvalid })
    .max(2048, { error: MESSAGES.downloads.pathInvalid })
    .regex(/^\/v1\/[^\s#]*$/, { error: MESSAGES.downloads.pathInvalid }),
});

/** POST /v1/download-links's answer. */
export const downloadLinkSchema = z.object({
  /** The address with its signature, on the API's origin (a path: the dashboard adds the origin). */
  url: z.string(),
  /** When the link stops working (ISO 8601). */
  expires_at: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
