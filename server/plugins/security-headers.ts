import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Response headers (docs/security.md, "Response headers"): a strict Content-Security-Policy on
 * every dashboard page, nosniff and a referrer policy everywhere, HSTS over https, and no caching
 * of API answers. The session token lives in local storage
 * (docs/product/entities.md#local-storage-cookie-and-generated-ids), so keeping foreign scripts
 * out of the dashboard is what protects it.
 */

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const NON_EXECUTED_TYPE = /\stype="(?!text\/javascript|module)[^"]*"/;

/**
 * sha256 sources of every inline script Next.js put into the prebuilt pages (the pages router
 * prerenders every page here, and Turbopack inlines a small bootstrap into each). JSON data
 * blocks (`__NEXT_DATA__`) are not executed and need no source.
 */
export function inlineScriptHashes(distDir: string): string[] {
  const pagesDir = path.join(distDir, 'server', 'pages');
  if (!existsSync(pagesDir)) return [];
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.html'))
        for (const [, attrs, body] of readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT))
          if (body && !NON_EXECUTED_TYPE.test(attrs ?? ''))
            hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  };
  walk(pagesDir);
  return [...hashes].sort();
}

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export interface CspOptions {
  /** Sources of the inline scripts of the build (inlineScriptHashes). */
  scriptHashes: string[];
  /** Stripe.js and its frames are allowed only when Stripe takes the payments. */
  stripe: boolean;
  /** Other origins the dashboard calls (NEXT_PUBLIC_API_URL, the GrowthBook host). */
  connect: (string | undefined)[];
  /** next dev evaluates code and injects its own inline scripts. */
  dev: boolean;
}

export function contentSecurityPolicy(opts: CspOptions): string {
  const stripeJs = opts.stripe ? ['https://js.stripe.com'] : [];
  const script = opts.dev
    ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...stripeJs]
    : ["'self'", ...opts.scriptHashes, ...stripeJs];
  const connect = [
    "'self'",
    ...opts.connect.map(originOf).filter((o): o is string => o !== null),
    ...(opts.stripe ? ['https://api.stripe.com'] : []),
    ...(opts.dev ? ['ws:', 'wss:'] : []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    // React, the flow canvas, floating tooltips and the editor set inline styles at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Tour content may show images from any address its author chose, and the user menu shows
    // an avatar given as an http or https URL (docs/security.md, "Response headers"): images only, so a
    // plain-http one never runs code; on an https dashboard the browser upgrades it.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', 'http:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', [...new Set(connect)]],
    ['frame-src', opts.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers of a dashboard page (set on the raw response: Next.js writes the body itself). */
export function pageHeaders(csp: string, https: boolean): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  };
}

const isHttps = (req: FastifyRequest) => req.protocol === 'https';

/**
 * Every answer Fastify sends: nosniff, the referrer policy, HSTS over https; API answers (under
 * /v1) are never cached, since most carry one account's data. /sdk.js and /sdk-tours.js keep their own caching and
 * its cross-origin use; ingestion keeps its CORS headers.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isHttps(req)) reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/v1/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}

/** For the Next.js bridge: the page headers of one request. */
export const dashboardHeadersFor = (csp: string) => (req: FastifyRequest) =>
  pageHeaders(csp, isHttps(req));
