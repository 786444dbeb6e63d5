import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer <token>` header. */
export function parseBearer(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/** The bearer token of a request, if it carries one. */
export function bearer(request: FastifyRequest): string | undefined {
  return parseBearer(request.headers.authorization);
}
