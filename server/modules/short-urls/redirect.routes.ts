import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SHORT_URL_LIMITS_TEXT, SLUG_PATTERN } from '../../../lib/contracts/short-urls';
import { MESSAGES } from '../../../lib/messages';
import { escapeHtml } from '../../lib/html';
import { addressKey, type CounterStore } from '../../plugins/rate-limit';
import { botReason } from './bot-detection';
import type { Blocklist } from './blocklist';
import type { ClickHasher } from './click-fingerprint';
import type { ClickQueue } from './click-queue';
import { destinationOf } from './destination';
import type { RedirectTarget } from './short-urls.repository';

/** Every answer of the redirect: never cached by shared caches, re-asked by browsers. */
export const REDIRECT_CACHE_CONTROL = 'private, max-age=0';

/** Headers a CDN or proxy in front of us sets with the visitor's country (only when trusted). */
const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
];

/** A country code from a trusted edge header, else the region of the first Accept-Language tag. */
export function countryOf(req: FastifyRequest, trustProxy: boolean): string | null {
  if (trustProxy)
    for (const name of COUNTRY_HEADERS) {
      const v = req.headers[name];
      if (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v) && !/^(xx|t1)$/i.test(v))
        return v.toUpperCase();
    }
  const lang = req.headers['accept-language'];
  const m = typeof lang === 'string' ? /^\s*[a-z]{2,3}[-_]([a-z]{2})\b/i.exec(lang) : null;
  return m ? m[1]!.toUpperCase() : null;
}

/** The small branded page of an unknown (404) or unavailable (410) link. */
export function linkPage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Signpost</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7fb;color:#1f2937}main{max-width:28rem;padding:2rem;text-align:center}b{display:inline-block;margin-bottom:1.5rem;color:#4f46e5;letter-spacing:.02em}h1{font-size:1.375rem;margin:0 0 .5rem}p{margin:0;color:#4b5563}</style></head><body><main><b>Signpost</b><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(reply: FastifyReply, status: 404 | 410) {
  const m = MESSAGES.shortUrls;
  return reply
    .status(status)
    .header('cache-control', REDIRECT_CACHE_CONTROL)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('x-robots-tag', 'noindex')
    .send(
      status === 404
        ? linkPage(m.pageNotFoundTitle, m.pageNotFound)
        : linkPage(m.pageGoneTitle, m.pageGone),
    );
}

/**
 * A stored address as the URL parser writes it (percent-encoded, no line breaks), so it is a valid
 * Location header even if it was stored before the contract normalised it; null if it is no URL.
 */
function headerSafeUrl(v: string): string | null {
  try {
    return new URL(v).href;
  } catch {
    return null;
  }
}

const isSlug = (s: string) =>
  s.length >= SHORT_URL_LIMITS_TEXT.slugMin &&
  s.length <= SHORT_URL_LIMITS_TEXT.slugMax &&
  SLUG_PATTERN.test(s);

/**
 * `GET /s/{slug}` (and HEAD) on the root app, outside the authenticated scope like /sdk.js:
 * answers at once and leaves the click to the queue (docs/short-urls.md, "Redirect").
 */
export function redirectRoutes(
  app: FastifyInstance,
  deps: {
    resolve: (slug: string) => Promise<RedirectTarget | null>;
    clicks: Pick<ClickQueue, 'push'>;
    hasher: ClickHasher;
    counters: CounterStore;
    /** Redirects per minute per client address; 0 = no limit. */
    ratePerMinute: number;
    trustProxy: boolean;
    /** Destinations no link may lead to, stored links included (docs/short-urls.md). */
    blocklist?: Pick<Blocklist, 'blockedBy'>;
    /**
     * The dashboard's host when short links have a host of their own (SHORT_URL_BASE_URL):
     * links are not answered there, so nobody can spread them under the dashboard's name.
     */
    notOnHost?: string;
    now?: () => Date;
    log: FastifyInstance['log'];
  },
) {
  // Whether a looked-up link leads to a blocked host, worked out once per looked-up link.
  const blockedLinks = new WeakMap<RedirectTarget, boolean>();
  const blocked = (link: RedirectTarget) => {
    if (!deps.blocklist) return false;
    let b = blockedLinks.get(link);
    if (b === undefined) blockedLinks.set(link, (b = deps.blocklist.blockedBy(link.url) !== null));
    return b;
  };
  app.get<{ Params: { slug: string } }>(
    '/s/:slug',
    { schema: { hide: true } },
    async (req, reply) => {
      if (deps.ratePerMinute > 0) {
        const { count, resetInMs } = await deps.counters.hit(
          `short-url:ip:${addressKey(req.ip)}`,
          60_000,
        );
        if (count > deps.ratePerMinute)
          return reply
            .status(429)
            .header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))))
            .header('cache-control', REDIRECT_CACHE_CONTROL)
            .send({ message: MESSAGES.shortUrls.tooManyClicks, status: 429, code: 'rate_limited' });
      }
      if (deps.notOnHost && req.hostname.toLowerCase() === deps.notOnHost) return page(reply, 404);
      const slug = req.params.slug;
      const link = isSlug(slug) ? await deps.resolve(slug) : null;
      if (!link) return page(reply, 404);
      if (blocked(link)) return page(reply, 410);
      const at = deps.now ? deps.now() : new Date();
      if (link.expiresAt && link.expiresAt.getTime() <= at.getTime()) {
        const after =
          link.expiredUrl && !deps.blocklist?.blockedBy(link.expiredUrl)
            ? headerSafeUrl(link.expiredUrl)
            : null;
        if (after)
          return reply
            .status(302)
            .header('cache-control', REDIRECT_CACHE_CONTROL)
            .header('x-robots-tag', 'noindex')
            .redirect(after, 302);
        return page(reply, 410);
      }
      if (link.disabled) return page(reply, 410);

      const q = req.url.indexOf('?');
      const { location, utm } = destinationOf(link, q >= 0 ? req.url.slice(q + 1) : '');
      try {
        const userAgent = req.headers['user-agent'] ?? '';
        const ref = req.headers.referer;
        deps.clicks.push({
          link,
          at,
          ...deps.hasher.click(req.ip, userAgent, link, at.getTime()),
          bot: botReason(req),
          userAgent: userAgent || null,
          referrer: typeof ref === 'string' && ref !== '' ? ref : null,
          country: countryOf(req, deps.trustProxy),
          utm,
        });
      } catch (err) {
        // Recording is best effort: the visitor is sent on whatever happens.
        deps.log.warn({ err }, 'short link click not queued');
      }
      return reply
        .header('cache-control', REDIRECT_CACHE_CONTROL)
        .header('x-robots-tag', 'noindex')
        .redirect(location, 302);
    },
  );
}
