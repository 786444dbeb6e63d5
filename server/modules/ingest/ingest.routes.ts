import type { FastifyReply, FastifyRequest } from 'fastify';
import { INGEST_MAX_BATCH_EVENTS, INGEST_MAX_REQUEST_BYTES } from '../../../lib/constants';
import { ingestResultSchema, type IngestType } from '../../../lib/contracts/ingest';
import { MESSAGES } from '../../../lib/messages';
import type { ZodApp } from '../../context';
import { AppError } from '../../errors';
import { publicBrowserScope } from '../../lib/public-scope';
import { NothingAccepted, type IngestService } from './ingest.service';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Write key from HTTP Basic (user name, as Segment sends it), a Bearer token, or the body. */
export function writeKeyOf(req: FastifyRequest, body: unknown): string | undefined {
  const header = req.headers.authorization ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const user = decoded.split(':')[0];
    if (user) return user;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const key = isObj(body) ? body.writeKey : undefined;
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** The 200 answer of every ingestion route (docs/api.md, "Response schemas"). */
const ingestResponse = { 200: ingestResultSchema };

/** Public, Segment-compatible ingestion, up to 500 KB per request. */
export async function ingestRoutes(app: ZodApp, svc: IngestService) {
  publicBrowserScope(app, INGEST_MAX_REQUEST_BYTES);

  const handle = (impliedType?: IngestType) => async (req: FastifyRequest, reply: FastifyReply) => {
    const body = req.body;
    let messages: unknown[];
    let sentAt: unknown;
    let context: unknown;
    if (impliedType) {
      messages = [body];
    } else {
      if (!isObj(body)) throw new AppError(400, 'invalid_body', MESSAGES.http.bodyNotObject);
      if (!Array.isArray(body.batch) || body.batch.length === 0)
        throw new AppError(400, 'empty_batch', MESSAGES.ingest.emptyBatch);
      // 413 as for an oversized body: Segment clients and our SDK split the batch and retry.
      if (body.batch.length > INGEST_MAX_BATCH_EVENTS)
        throw new AppError(
          413,
          'too_many_events',
          MESSAGES.ingest.tooManyEvents(INGEST_MAX_BATCH_EVENTS),
        );
      messages = body.batch;
      sentAt = body.sentAt;
      context = body.context;
    }
    try {
      const result = await svc.ingest({
        writeKey: writeKeyOf(req, body),
        messages,
        impliedType,
        sentAt,
        context,
        userAgent: req.headers['user-agent'] ?? null,
        country: null,
        origin: req.headers.origin,
        address: req.ip,
      });
      return reply.status(200).send(result);
    } catch (err) {
      if (err instanceof NothingAccepted)
        return reply.status(400).send({
          message: err.message,
          status: 400,
          code: err.code,
          details: err.details,
          ...err.result,
        });
      throw err;
    }
  };

  const routes: [string, IngestType | undefined][] = [
    ['/batch', undefined],
    ['/import', undefined],
    ['/track', 'track'],
    ['/identify', 'identify'],
    ['/page', 'page'],
  ];
  for (const [url, type] of routes) {
    app.post(
      url,
      {
        bodyLimit: INGEST_MAX_REQUEST_BYTES,
        schema: { tags: ['ingestion'], response: ingestResponse },
      },
      handle(type),
    );
    app.options(url, { schema: { hide: true } }, async (_req, reply) => reply.status(204).send());
  }

  // The SDK's profile call (docs/product/api.md#flows): an identify with optional metadata, through the same pipeline.
  app.post(
    '/flows/profile-process',
    {
      bodyLimit: INGEST_MAX_REQUEST_BYTES,
      schema: { tags: ['ingestion'], response: ingestResponse },
    },
    async (req, reply) => {
      const body = req.body;
      if (!isObj(body)) throw new AppError(400, 'invalid_body', MESSAGES.http.bodyNotObject);
      const traits = isObj(body.traits) ? { ...body.traits } : {};
      if (isObj(body.metadata)) traits.metadata = body.metadata;
      const message = {
        userHash: body.user_hash ?? body.userHash,
        userId: body.user_id ?? body.userId,
        anonymousId: body.anonymous_id ?? body.anonymousId,
        messageId: body.messageId,
        timestamp: body.timestamp,
        context: body.context,
        traits,
      };
      const result = await svc
        .ingest({
          writeKey: writeKeyOf(req, body),
          messages: [message],
          impliedType: 'identify',
          userAgent: req.headers['user-agent'] ?? null,
          country: null,
          origin: req.headers.origin,
          address: req.ip,
        })
        .catch((err: unknown) => {
          if (err instanceof NothingAccepted)
            throw new AppError(400, err.code, err.message, err.details);
          throw err;
        });
      return reply.status(200).send(result);
    },
  );
  app.options('/flows/profile-process', { schema: { hide: true } }, async (_req, reply) =>
    reply.status(204).send(),
  );
}
