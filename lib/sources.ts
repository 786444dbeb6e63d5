/**
 * Where a product's events may come from (docs/tracking.md, "Trusted sources"): the product's
 * website domain and its subdomains, loopback for local testing, and the extra origins its owner
 * lists. Shared by the settings form and the ingestion check.
 */

export const MAX_ALLOWED_ORIGINS = 20;

const HOST_RE =
  /^(?=.{1,253}(:|$))(localhost|([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?$/;

/**
 * An allowed-origin entry as stored: `https://app.example.com` (that scheme, host and port only)
 * or `app.example.com` (that host on any scheme and port). Null when it is neither.
 */
export function normaliseAllowedOrigin(input: string): string | null {
  const v = input.trim().toLowerCase().replace(/\/+$/, '');
  const scheme = /^(https?):\/\/([^/?#]+)$/.exec(v);
  if (scheme) return HOST_RE.test(scheme[2]!) ? `${scheme[1]}://${scheme[2]}` : null;
  return HOST_RE.test(v) ? v : null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostOnly = (host: string) => host.replace(/:\d+$/, '');

/**
 * Is a request's `Origin` header one this product trusts? Exact-origin matching: the host must be
 * the domain or end with `.` + the domain (so `example.com.evil.com` and `example.co` are not
 * `example.com`), and a listed `https://…` entry matches that scheme, host and port only.
 */
export function originAllowed(origin: string, domain: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK.has(host) || host.endsWith('.localhost')) return true;
  const site = hostOnly(domain.toLowerCase()).replace(/^www\./, '');
  if (host === site || host.endsWith(`.${site}`)) return true;
  return allowed.some((entry) =>
    entry.includes('://')
      ? entry === url.origin
      : hostOnly(entry) === host && (!entry.includes(':') || entry === url.host),
  );
}

/**
 * The origin of a page address the product trusts (the builder opens such pages,
 * docs/builder.md), or null: an http(s) URL without credentials whose origin `originAllowed`
 * accepts. The answer is the URL's serialised origin, what the page's requests carry in `Origin`.
 */
export function trustedPageOrigin(
  pageUrl: string,
  domain: string,
  allowed: readonly string[],
): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return originAllowed(url.origin, domain, allowed) ? url.origin : null;
}
