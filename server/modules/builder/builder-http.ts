import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearer } from '../../lib/bearer';
import type { AllowOrigin, BuilderCaller } from './builder-auth';

/**
 * The HTTP side of the builder's calls from the customer's page, shared by builder.routes.ts and
 * builder-probe.routes.ts (docs/builder.md, "Security model": CORS).
 */

/** Answers `origin` in CORS on this reply (once the code or token is known to be bound to it). */
export const allowOn =
  (reply: FastifyReply): AllowOrigin =>
  (origin) =>
    reply.header('access-control-allow-origin', origin);

/** The builder token and `Origin` of a request, and how to allow that origin on its reply. */
export const callerOf = (req: FastifyRequest, reply: FastifyReply): BuilderCaller => ({
  token: bearer(req),
  origin: req.headers.origin,
  allow: allowOn(reply),
});

/**
 * The CORS preflight of a builder path: it carries neither code nor token, so it names the asking
 * http(s) origin; the call that follows is refused from any origin but the bound one.
 */
export const builderPreflight =
  (methods: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin;
    if (origin && /^https?:\/\/[^/]+$/i.test(origin))
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': methods,
        'access-control-allow-headers': 'Authorization, Content-Type',
        'access-control-max-age': '600',
      });
    return reply.status(204).send();
  };
