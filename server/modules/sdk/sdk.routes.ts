import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { buildSdkBundle, type SdkBundle } from './sdk-bundle';

/** One encoding of the bundle with its own strong validator. */
interface Variant {
  body: Buffer;
  etag: string;
  encoding?: 'br' | 'gzip';
}

/** The bundle, hashed and compressed once per process. */
export interface SdkAsset {
  identity: Variant;
  gzip: Variant;
  br: Variant;
}

/** Browsers re-check within five minutes, and keep using a stale copy for a day while they do. */
export const SDK_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

/** Hashes and precompresses the bundle; each encoding gets its own strong ETag (RFC 9110 8.8.3). */
export function prepareSdkAsset(code: string): SdkAsset {
  const body = Buffer.from(code);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    identity: { body, etag: `"${hash}"` },
    gzip: { body: gzipSync(body, { level: 9 }), etag: `"${hash}-gz"`, encoding: 'gzip' },
    br: {
      body: brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      etag: `"${hash}-br"`,
      encoding: 'br',
    },
  };
}

const building = new Map<SdkBundle, Promise<SdkAsset>>();

/** Builds a bundle once per process (every buildApp in a test run shares it). */
export function loadSdkAsset(bundle: SdkBundle = 'iife'): Promise<SdkAsset> {
  let asset = building.get(bundle);
  if (!asset) {
    asset = buildSdkBundle(bundle).then(prepareSdkAsset, (err: unknown) => {
      building.delete(bundle);
      throw err;
    });
    building.set(bundle, asset);
  }
  return asset;
}

/** Picks br, then gzip, when the client accepts them (q=0 refuses). */
function negotiate(asset: SdkAsset, acceptEncoding: string | undefined): Variant {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return asset.br;
  if (accepted.has('gzip') || accepted.has('*')) return asset.gzip;
  return asset.identity;
}

/** If-None-Match uses the weak comparison: W/"x" matches "x" (proxies weaken ETags they touch). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

type AnyFastify<P extends FastifyTypeProvider> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  P
>;

/** The scripts served, by path: all loaded cross-origin by customers' websites. */
export const SDK_SCRIPTS: Readonly<Record<string, SdkBundle>> = {
  /** The tracking SDK, loaded by the snippet. */
  '/sdk.js': 'iife',
  /** Product tours, loaded by sdk.js when the server has a tour for the visitor. */
  '/sdk-tours.js': 'tours',
  /** The builder (picker, preview on site), loaded by sdk.js only for a builder session. */
  '/sdk-builder.js': 'builder',
};

/** Answers GET (and HEAD) of one prepared bundle: negotiated encoding, validators, 304. */
const serveAsset = (asset: SdkAsset) =>
  async function serve(req: FastifyRequest, reply: FastifyReply) {
    const variant = negotiate(asset, req.headers['accept-encoding']);
    reply
      .header('Content-Type', 'application/javascript; charset=utf-8')
      .header('Cache-Control', SDK_CACHE_CONTROL)
      .header('ETag', variant.etag)
      .header('Vary', 'Accept-Encoding')
      .header('Access-Control-Allow-Origin', '*')
      // Sites that isolate themselves (COEP) may still load the script.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('X-Content-Type-Options', 'nosniff');
    if (matches(req.headers['if-none-match'], variant.etag)) return reply.status(304).send();
    if (variant.encoding) reply.header('Content-Encoding', variant.encoding);
    return reply.header('Content-Length', variant.body.length).send(variant.body);
  };

/**
 * `GET /sdk.js`, `GET /sdk-tours.js` and `GET /sdk-builder.js` (HEAD too) on the root app. The
 * bundles are built in memory at registration (esbuild, ~50 ms each), once per process.
 */
export async function sdkRoutes<P extends FastifyTypeProvider>(app: AnyFastify<P>): Promise<void> {
  for (const [path, bundle] of Object.entries(SDK_SCRIPTS))
    app.get(path, { schema: { hide: true } }, serveAsset(await loadSdkAsset(bundle)));
}
