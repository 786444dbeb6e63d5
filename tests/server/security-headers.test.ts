import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  pageHeaders,
} from '@/server/plugins/security-headers';
import { auth, setupTestAccount } from './helpers';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

describe('security headers', () => {
  it('hashes the inline scripts of the prebuilt pages, not JSON data or external scripts', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'signpost-csp-'));
    try {
      const pages = path.join(dist, 'server', 'pages', 'flows');
      mkdirSync(pages, { recursive: true });
      const boot = '(globalThis.TURBOPACK ||= []).push(1)';
      writeFileSync(
        path.join(pages, '[id].html'),
        `<html><script>${boot}</script><script src="/_next/a.js" defer=""></script>` +
          `<script id="__NEXT_DATA__" type="application/json">{"a":1}</script>` +
          `<script type="module">import "/m.js"</script></html>`,
      );
      writeFileSync(path.join(dist, 'server', 'pages', 'x.html'), `<script>${boot}</script>`);
      expect(inlineScriptHashes(dist)).toEqual([sha(boot), sha('import "/m.js"')].sort());
      expect(inlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('builds a strict policy, adding Stripe only when Stripe takes payments', () => {
    const plain = contentSecurityPolicy({
      scriptHashes: ["'sha256-abc'"],
      stripe: false,
      connect: ['https://api.example.com/v1', undefined, 'not a url'],
      dev: false,
    });
    expect(plain).toContain("script-src 'self' 'sha256-abc';");
    expect(plain).toContain("connect-src 'self' https://api.example.com;");
    expect(plain).toContain("frame-ancestors 'none'");
    expect(plain).toContain("object-src 'none'");
    expect(plain).toContain("base-uri 'self'");
    expect(plain).toContain("frame-src 'none'");
    // The user menu shows an avatar given as an http or https URL; tour images likewise.
    expect(plain).toContain("img-src 'self' data: blob: https: http:;");
    expect(plain).not.toContain('stripe');
    expect(plain).not.toContain('unsafe-eval');
    const stripe = contentSecurityPolicy({
      scriptHashes: [],
      stripe: true,
      connect: [],
      dev: false,
    });
    expect(stripe).toContain("script-src 'self' https://js.stripe.com;");
    expect(stripe).toContain('https://api.stripe.com');
    expect(stripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(
      contentSecurityPolicy({ scriptHashes: [], stripe: false, connect: [], dev: true }),
    ).toContain("'unsafe-eval'");
    expect(pageHeaders('x', false)['strict-transport-security']).toBeUndefined();
    expect(pageHeaders('x', true)).toMatchObject({
      'content-security-policy': 'x',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  describe('on API answers', () => {
    const t = setupTestAccount({ env: { TRUST_PROXY: '127.0.0.1' }, brand: false });

    it('sends nosniff everywhere, no-store on API JSON, HSTS only over https', async () => {
      const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: auth(t.token) });
      expect(me.statusCode).toBe(200);
      expect(me.headers['x-content-type-options']).toBe('nosniff');
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(me.headers['strict-transport-security']).toBeUndefined();
      const denied = await t.app.inject({ method: 'GET', url: '/v1/users/me' });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['cache-control']).toBe('no-store');
      const https = await t.app.inject({
        method: 'GET',
        url: '/v1/users/me',
        headers: { ...auth(t.token), 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      // The SDK keeps its own caching and stays usable from any site.
      const sdk = await t.app.inject({ method: 'GET', url: '/sdk.js' });
      expect(sdk.headers['x-content-type-options']).toBe('nosniff');
      expect(sdk.headers['cache-control']).not.toBe('no-store');
      // Ingestion keeps its CORS headers.
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/v1/batch' });
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    });
  });
});
