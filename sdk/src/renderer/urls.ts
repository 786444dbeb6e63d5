/**
 * URL checks of the renderer. Browsers ignore control characters and spaces inside URLs, so
 * they are removed before a scheme is read (`java\tscript:` is `javascript:` to a browser).
 */

const IGNORED = /[\x00-\x20]+/g;
const SCHEME = /^([a-z][a-z0-9.+-]*):/i;

/** What a browser would read: no control characters, spaces or embedded HTML comments. */
function cleanUrl(value: string): string {
  return value.replace(IGNORED, '').replace(/<!--[\s\S]*?-->/g, '');
}

/**
 * Whether a URL attribute may stay: its scheme is in `schemes`, or it has none and is not
 * protocol-relative (`//host`, `/\host`). Same rule as the server's sanitize-html options.
 */
export function isAllowedUrl(value: string, schemes: readonly string[]): boolean {
  const url = cleanUrl(value);
  const scheme = SCHEME.exec(url);
  if (!scheme) return !/^[/\\]{2}/.test(url);
  return schemes.includes(scheme[1]!.toLowerCase());
}

/**
 * A link a tour may open or load (navigation actions, background images): absolute http(s) or
 * a path on the same site. Returns the trimmed URL, or null when it is anything else.
 */
export function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  return /^(https?:\/\/|\/(?![/\\]))/i.test(cleanUrl(value)) ? value.trim() : null;
}
