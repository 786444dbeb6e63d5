import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UNIQUE_WINDOW_MS } from './unique-clicks';

const DAY_MS = 86_400_000;

/**
 * Keyed hashes of who clicked (docs/short-urls.md, "Unique clicks"): the address never leaves
 * the request; only HMAC-SHA256 values of it, under a server secret, are kept.
 */
export function createClickHasher(secret: string) {
  const mac = (text: string) =>
    createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32);
  return {
    /** Same visitor, same link, same clock hour (UTC): the same value. */
    fingerprint(ip: string, userAgent: string, linkId: number, at: number) {
      const hour = Math.floor(at / UNIQUE_WINDOW_MS);
      return {
        fingerprint: mac(`c\u0000${ip}\u0000${userAgent}\u0000${linkId}\u0000${hour}`),
        hour,
      };
    },
    /** The anonymous id of the click event: one per visitor per product per UTC day. */
    visitor(ip: string, userAgent: string, brandId: number, at: number) {
      return `lv_${mac(`v\u0000${ip}\u0000${userAgent}\u0000${brandId}\u0000${Math.floor(at / DAY_MS)}`).slice(0, 22)}`;
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
