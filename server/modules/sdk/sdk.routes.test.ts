import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_CACHE_CONTROL, sdkRoutes } from './sdk.routes';
import { buildSdkBundle } from './sdk-bundle';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await sdkRoutes(app);
  await app.ready();
});
afterAll(() => app.close());

const get = (headers: Record<string, string> = {}, url = '/sdk.js') =>
  app.inject({ method: 'GET', url, headers });

/** Runs the script in an empty global, as a browser would run /sdk.js (no DOM use at load). */
function evaluate(code: string, globals: Record<string, unknown> = {}) {
  const sandbox: Record<string, unknown> = {
    document: { currentScript: { src: 'https://signpost.example.com/sdk.js' } },
    URL,
    ...globals,
  };
  sandbox.window = sandbox;
  vm.runInNewContext(code, sandbox);
  return sandbox as {
    signpost?: Record<string, unknown>;
    signpostTours?: Record<string, unknown>;
    signpostBuilder?: Record<string, unknown>;
  };
}

describe.each([
  ['/sdk.js', 'iife'],
  ['/sdk-tours.js', 'tours'],
  ['/sdk-builder.js', 'builder'],
] as const)('GET %s', (url, bundle) => {
  const fetch = (headers: Record<string, string> = {}) => get(headers, url);

  it('serves the minified IIFE with cache, CORS and validator headers', async () => {
    const res = await fetch();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(SDK_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(await buildSdkBundle(bundle));
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // Stable across requests: the hash of the content.
    expect((await fetch()).headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 to a matching If-None-Match, also weak or in a list', async () => {
    const { headers } = await fetch();
    const etag = String(headers.etag);
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch({ 'if-none-match': inm });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(SDK_CACHE_CONTROL);
    }
    expect((await fetch({ 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('sends precompressed brotli or gzip, each with its own ETag', async () => {
    const plain = await fetch();
    const br = await fetch({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 1.5);

    const gz = await fetch({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const revalidate = await fetch({
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidate.statusCode).toBe(304);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.body).toBe('');
  });
});

describe('GET /sdk.js', () => {
  it('defines window.signpost with the public API when evaluated', async () => {
    const { body } = await get();
    const { signpost } = evaluate(body);
    for (const method of ['init', 'identify', 'track', 'page', 'reset', 'flush', 'loadTours'])
      expect(typeof signpost?.[method]).toBe('function');
    expect(signpost?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('replaces the snippet stub and drains its queue', async () => {
    const { body } = await get();
    const stub = { q: [['reset', []]] };
    const { signpost } = evaluate(body, { signpost: stub });
    expect(signpost).toBe(stub);
    expect('q' in stub).toBe(false);
    expect(typeof signpost?.track).toBe('function');
  });

  it('contains no tour code: the renderer loads on demand', async () => {
    const { body } = await get();
    expect(body).not.toContain('attachShadow');
    expect(body).toContain('/sdk-tours.js');
  });
});

describe('GET /sdk-builder.js', () => {
  it('defines window.signpostBuilder (start) without touching the page at load', async () => {
    const { body } = await get({}, '/sdk-builder.js');
    const { signpostBuilder } = evaluate(body);
    expect(typeof signpostBuilder?.start).toBe('function');
    expect(body).toContain('Use this element');
  });

  it('is not part of the tours bundle, nor the tours of it', async () => {
    const tours = (await get({}, '/sdk-tours.js')).body;
    expect(tours).not.toContain('Use this element');
    expect(tours).not.toContain('/v1/builder/');
  });
});

describe('GET /sdk-tours.js', () => {
  it('defines window.signpostTours (show, session) without touching the page at load', async () => {
    const { body } = await get({}, '/sdk-tours.js');
    const { signpostTours } = evaluate(body);
    expect(typeof signpostTours?.show).toBe('function');
    expect(typeof signpostTours?.session).toBe('function');
    expect((signpostTours?.session as () => unknown)()).toBeUndefined();
    expect(body).not.toContain('floating-ui');
  });
});

describe('size budget (docs/architecture.md#7-browser-sdk)', () => {
  it('keeps sdk.js within 4 KB gzip, and sdk.js with the tours bundle within 12 KB', async () => {
    const gzip = async (url: string) =>
      (await get({ 'accept-encoding': 'gzip' }, url)).rawPayload.length;
    const sdk = await gzip('/sdk.js');
    expect(sdk).toBeLessThanOrEqual(4096);
    expect(sdk + (await gzip('/sdk-tours.js'))).toBeLessThanOrEqual(12 * 1024);
  });
});
