/** Options of a cookie written from the browser. */
export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
}

const UNSAFE_NAME = /[\s;=,"\\]/;

/**
 * `document.cookie` assignment string. The name is kept verbatim (browsers accept
 * "sidebar:minimized"); names with separators are refused. The value is URI-encoded.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!name || UNSAFE_NAME.test(name)) throw new Error(`Invalid cookie name: ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAgeSeconds !== undefined)
    parts.push(`max-age=${Math.floor(options.maxAgeSeconds)}`);
  parts.push(`path=${options.path ?? '/'}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
