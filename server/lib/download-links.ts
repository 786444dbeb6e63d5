import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_TOKEN_PARAM } from '../../lib/contracts/download-links';

/**
 * The signature of a download link (docs/security.md, "Download links"): HMAC-SHA256 under a
 * server key over who asked (user and session), the method, the exact path, the canonical query
 * and the expiry. The token travels as one query parameter, `download_token=<exp>.<uid>.<sid>.<mac>`;
 * everything else the signature covers is the address itself, so the link opens that one address
 * and nothing else.
 */

export interface DownloadClaims {
  userId: string;
  sessionId: number;
}

/** Why a token is refused: `expired` only once its MAC is right (a forged expiry says invalid). */
export type DownloadTokenCheck =
  { ok: true; claims: DownloadClaims } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * The query without the token, in one order: pairs sorted by key then value, each part
 * percent-encoded, so `?b=2&a=1` and `?a=1&b=2` sign alike and nothing can be slipped in unseen.
 */
export function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .filter(([k]) => k !== DOWNLOAD_TOKEN_PARAM)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/** The link key, derived from a server secret for this purpose alone. */
export const downloadLinkKey = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('signpost download links v1').digest();

export function createDownloadSigner(key: Buffer) {
  /** The MAC, as the token's text; every part as the token writes it (no second spelling). */
  const mac = (parts: { exp: string; uid: string; sid: string }, path: string, query: string) =>
    createHmac('sha256', key)
      .update(['v1', parts.uid, parts.sid, parts.exp, 'GET', path, query].join('\n'), 'utf8')
      .digest('base64url');

  return {
    /** The token of GET `path`?`params` for `claims`, valid until `expiresAt` (ms). */
    sign(claims: DownloadClaims, path: string, params: URLSearchParams, expiresAt: number): string {
      const parts = {
        exp: String(expiresAt),
        uid: claims.userId,
        sid: String(claims.sessionId),
      };
      return `${parts.exp}.${parts.uid}.${parts.sid}.${mac(parts, path, canonicalQuery(params))}`;
    },

    /** Checks `token` against the GET address it came with, at `now` (ms), in constant time. */
    verify(token: string, path: string, params: URLSearchParams, now: number): DownloadTokenCheck {
      const m =
        /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{1,64})\.([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(
          token,
        );
      if (!m) return { ok: false, reason: 'invalid' };
      const [, exp, uid, sid, sig] = m as unknown as [string, string, string, string, string];
      const expected = Buffer.from(mac({ exp, uid, sid }, path, canonicalQuery(params)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (now >= Number(exp)) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { userId: uid, sessionId: Number(sid) } };
    },
  };
}
