import type { ZodApp } from '../context';
import { AppError } from '../errors';
import { MESSAGES } from '../../lib/messages';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-max-age': '86400',
  // The SDK honours Retry-After on 429/503; browsers hide it from scripts unless exposed.
  'access-control-expose-headers': 'Retry-After',
};

/**
 * A scope for calls from customers' web pages (ingestion, the flow runtime): any origin may call
 * (the write key and the product's allowed origins decide), and browsers post text/plain JSON
 * (no CORS preflight, and what sendBeacon can send), so both content types parse as JSON.
 */
export function publicBrowserScope(app: ZodApp, bodyLimit: number) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit },
    (_req, text, done) => {
      try {
        done(null, JSON.parse(text as string));
      } catch {
        done(new AppError(400, 'invalid_json', MESSAGES.http.invalidJson), undefined);
      }
    },
  );
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(CORS);
  });
}
