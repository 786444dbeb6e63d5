import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { demoPage, type DemoPageName } from './demo-page';

/**
 * The demo shop served by the product itself (docs/builder.md, "Try it on the demo page"):
 * `GET /demo` and `GET /demo/pricing?key=<write key>`. Write keys are public
 * (docs/security.md), so the page takes one from its address; anything but the shape the server
 * issues (`wk_` and base64url, server/modules/brands/brands.service.ts) answers 400, so nothing
 * of the address but a checked key ever reaches the page.
 */
export const WRITE_KEY_FORMAT = /^wk_[A-Za-z0-9_-]{16,64}$/;

/** The page's policy: its own inline snippet by nonce, the SDK host for the bundles and the API. */
export function demoPageCsp(host: string, nonce: string): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' ${host}`,
    `connect-src 'self' ${host}`,
    // The tours and the builder style their shadow roots with a <style> element (docs/builder.md).
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: https: http:`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
  ].join('; ');
}

const badKey = () =>
  new AppError(
    400,
    'demo_bad_key',
    'The demo page needs the write key of one of your products: /demo/pricing?key=wk_…',
  );

/** Any other product's key: the demo shop is the demo account's, never a stage for others' tours. */
const notDemo = () =>
  new AppError(
    404,
    'not_found',
    'The demo page shows the products of the demo account only (npm run seed:demo).',
  );

export function demoRoutes(
  app: FastifyInstance,
  opts: { host: string; isDemoKey: (key: string) => Promise<boolean> },
) {
  const host = new URL(opts.host).origin;
  const serve = (page: DemoPageName) => async (req: FastifyRequest, reply: FastifyReply) => {
    const key = (req.query as Record<string, unknown>).key;
    if (typeof key !== 'string' || !WRITE_KEY_FORMAT.test(key)) throw badKey();
    if (!(await opts.isDemoKey(key))) throw notDemo();
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', demoPageCsp(host, nonce))
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-store')
      .send(demoPage({ page, host, writeKey: key, nonce }));
  };
  app.get('/demo', { schema: { hide: true } }, serve('home'));
  app.get('/demo/pricing', { schema: { hide: true } }, serve('pricing'));
}
