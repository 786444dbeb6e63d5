import * as crypto from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UNIQUE_WINDOW_MS } from './unique-clicks';

const DAY_MS = 86_400_000;

/**
 * SHA-256 of a text as base64url, in one call that leaves no object behind: `crypto.hash` (Node
 * 20.12 and later), else a Hash object on older Node 20 (the same value).
 */
const sha256: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'base64url')
    : (text) => crypto.createHash('sha256').update(text).digest('base64url');

/**
 * Keyed hashes of who clicked (docs/short-urls.md, "Unique clicks"): the address never leaves
 * the request; only a SHA-256 value of it under a server secret is kept. One hash a click: the
 * visitor id is the keyed hash, and the fingerprint is that id with the link and the hour.
 * The secret is the hash's prefix rather than an HMAC key: an Hmac object per click is a native
 * object with a weak handle, and processing those made each young-generation collection of the
 * redirect's process half a millisecond longer (docs/short-urls.md, "Performance").
 */
export function createClickHasher(secret: string) {
  const prefix = `${secret}\u0000v\u0000`;
  return {
    /**
     * `visitor`: the anonymous id of the click event, one per visitor per product per UTC day.
     * `fingerprint`: same visitor, same link, same clock hour (UTC), the same value.
     */
    click(ip: string, userAgent: string, link: { id: number; brandId: number }, at: number) {
      const day = Math.floor(at / DAY_MS);
      const hour = Math.floor(at / UNIQUE_WINDOW_MS);
      const id = sha256(`${prefix}${ip}\u0000${userAgent}\u0000${link.brandId}\u0000${day}`).slice(
        0,
        22,
      );
      return { visitor: `lv_${id}`, fingerprint: `${id}.${link.id}.${hour}`, hour };
    },
  };
}
export type ClickHasher = ReturnType<typeof createClickHasher>;

export const SECRET_FILE = 'short-url.secret';

/**
 * SHORT_URL_SECRET, or a random one kept in DATA_DIR (created on first start), so unique counts
 * survive restarts. Nodes sharing one database need the same SHORT_URL_SECRET.
 */
export function clickSecret(env: { SHORT_URL_SECRET?: string; DATA_DIR: string }): string {
  if (env.SHORT_URL_SECRET) return env.SHORT_URL_SECRET;
  const file = path.join(env.DATA_DIR, SECRET_FILE);
  try {
    if (existsSync(file)) {
      const stored = readFileSync(file, 'utf8').trim();
      if (stored.length >= 32) return stored;
    }
    mkdirSync(env.DATA_DIR, { recursive: true });
    const made = crypto.randomBytes(32).toString('base64url');
    writeFileSync(file, made, { mode: 0o600 });
    return made;
  } catch {
    // An unwritable DATA_DIR fails elsewhere first; a per-process secret keeps redirects working.
    return crypto.randomBytes(32).toString('base64url');
  }
}
