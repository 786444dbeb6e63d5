import type { FastifyInstance } from 'fastify';

/**
 * Warnings about who the server believes a client is (docs/security.md, "Behind a proxy"):
 * `TRUST_PROXY=true` at start, and, once per process, the first `X-Forwarded-For` that arrives
 * while `TRUST_PROXY` is off (a proxy in front that nobody told us about: every client then
 * shares the proxy's address in rate limits and throttles).
 */
export function registerForwardedWarning(
  app: FastifyInstance,
  trustProxy: boolean | number | string,
): void {
  if (trustProxy === true)
    app.log.warn(
      "TRUST_PROXY=true believes X-Forwarded-For from any client, so anyone can choose the address rate limits and sign-in throttles see. Set it to the proxy's address instead (docs/security.md).",
    );
  if (trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (req, _reply, done) => {
    if (!warned && req.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn(
        { from: req.socket.remoteAddress },
        `X-Forwarded-For arrived from ${req.socket.remoteAddress ?? 'an unknown address'} while TRUST_PROXY is off: every client behind that proxy shares its address in rate limits and throttles. If it is your proxy, set TRUST_PROXY to its address (docs/security.md). Warned once.`,
      );
    }
    done();
  });
}
