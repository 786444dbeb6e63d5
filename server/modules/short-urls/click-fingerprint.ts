import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UNIQUE_WINDOW_MS } from './unique-clicks';

const DAY_MS = 86_400_000;

/**
 * Keyed hashes of who clicked (docs/short-urls.md, "Unique clicks"): the address never leaves
 * the request; only an HMAC-SHA256 value of it, under a server secret, is kept. One HMAC a click:
 * the visitor id is the keyed hash, and the fingerprint is that id with the link and the hour.
 */
export function createClickHasher(secret: string) {
  const key = createSecretKey(Buffer.from(secret));
  return {
    /**
     * `visitor`: the anonymous id of the click event, one per visitor per product per UTC day.
     * `fingerprint`: same visitor, same link, same clock hour (UTC), the same value.
     */
    click(ip: string, userAgent: string, link: { id: number; brandId: number }, at: number) {
      const day = Math.floor(at / DAY_MS);
      const hour = Math.floor(at / UNIQUE_WINDOW_MS);
      const id = createHmac('sha256', key)
        .update(`v\u0000${ip}\u0000${userAgent}\u0000${link.brandId}\u0000${day}`)
        .digest('base64url')
        .slice(0, 22);
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
    const made = randomBytes(32).toString('base64url');
    writeFileSync(file, made, { mode: 0o600 });
    return made;
  } catch {
    // An unwritable DATA_DIR fails elsewhere first; a per-process secret keeps redirects working.
    return randomBytes(32).toString('base64url');
  }
}
