import { describe, expect, it } from 'vitest';
import { setupTestApp } from './helpers';

/**
 * Every JSON route declares its success answer (docs/api.md, "Response schemas"): the OpenAPI
 * document at /v1/openapi.json is walked, and a path and method whose 2xx answer has no
 * `application/json` schema fails, unless it is one of the exemptions below.
 */
const METHODS = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'];
/** Routes in the document without a JSON success answer, each with the reason. */
const NO_SUCCESS_BODY: Record<string, string> = {
  ...Object.fromEntries(
    METHODS.map((m) => [
      `${m} /v1/{*}`,
      'the /v1 catch-all: it only answers 404 not_found for a path that is not an endpoint',
    ]),
  ),
  'GET /v1/export/events':
    'the data export: a file streamed as NDJSON, CSV or Parquet (its text schema)',
  'GET /v1/export/profiles':
    'the data export: a file streamed as NDJSON, CSV or Parquet (its text schema)',
};
/**
 * Routes left out of the document (`schema.hide`), so the walk cannot see them; each is named
 * here with why it answers no JSON (or is no API endpoint), and must exist.
 */
const HIDDEN: Record<string, string> = {
  'GET /s/:slug': 'the short-link redirect: 302 (or 410) with a Location, no JSON body',
  'GET /sdk.js': 'the SDK bundle: JavaScript text, compressed and cached by ETag',
  'GET /sdk-tours.js': 'the tour renderer bundle: JavaScript text, as /sdk.js',
  'GET /v1/dev/outbox': 'local development only (loopback, mail to the outbox): not an API',
  'GET /dev/outbox': 'the same outbox as an HTML page',
  'OPTIONS /v1/batch': 'CORS preflights of the public routes: 204, no body',
  'GET /v1/openapi.json': 'this document itself',
  'GET /healthz': 'process probe for the orchestrator, outside the API',
  'GET /readyz': 'readiness probe for the orchestrator, outside the API',
};

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const t = setupTestApp();

describe('OpenAPI: a response schema on every JSON route', () => {
  it('gives each JSON route a 2xx application/json schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const seen = new Set<string>();
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        seen.add(route);
        if (route in NO_SUCCESS_BODY) continue;
        const declared = Object.entries(op.responses ?? {}).some(
          ([status, answer]) =>
            /^2\d\d$/.test(status) && answer.content?.['application/json']?.schema !== undefined,
        );
        if (!declared) missing.push(route);
      }
    }
    expect(missing, `JSON routes without a 2xx response schema: ${missing.join(', ')}`).toEqual([]);
    // An exemption names a route that exists (a renamed route must not stay exempt by mistake).
    expect(Object.keys(NO_SUCCESS_BODY).filter((r) => !seen.has(r))).toEqual([]);
    for (const route of Object.keys(HIDDEN)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
    expect(seen.size).toBeGreaterThan(90);
  });
});
