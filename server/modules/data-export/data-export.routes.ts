import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  eventExportQuerySchema,
  profileExportQuerySchema,
} from '../../../lib/contracts/data-export';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { DataExportService, ExportCaller, ExportStream } from './data-export.service';
import { PARQUET_CONTENT_TYPE } from './parquet';
import { serverKeyProduct } from './server-key-auth';

/**
 * GET /v1/export/events and GET /v1/export/profiles (docs/data-export.md): a product's events or
 * customer profiles streamed as NDJSON, CSV or Parquet, resumable from any row's cursor. Both take
 * a dashboard token, a download link or the product's server key (server-key-auth.ts).
 */

const fileResponse = {
  200: {
    content: {
      'application/x-ndjson': { schema: z.string() },
      'text/csv': { schema: z.string() },
      [PARQUET_CONTENT_TYPE]: { schema: z.string() },
    },
  },
};

function send(reply: FastifyReply, file: ExportStream) {
  // One page waits in the stream besides the one being written: the next is read when the
  // client has taken it.
  const stream = Readable.from(file.chunks, { highWaterMark: 1 });
  return (
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      // A stream is sent as it is (never serialized); the declared type is its text.
      .send(stream as unknown as string)
  );
}

export function dataExportRoutes(app: ZodApp, svc: DataExportService) {
  const tags = ['export'];
  // The product's server key is accepted here (and nowhere else in the signed-in scope).
  const config = { serverKey: true };
  const caller = (req: FastifyRequest): ExportCaller => ({
    ownerId: session(req).user.id,
    keyBrandId: serverKeyProduct(req),
  });
  app.get('/export/events', {
    config,
    schema: { tags, querystring: eventExportQuerySchema, response: fileResponse },
    handler: async (req, reply) => send(reply, await svc.events(caller(req), req.query)),
  });
  app.get('/export/profiles', {
    config,
    schema: { tags, querystring: profileExportQuerySchema, response: fileResponse },
    handler: async (req, reply) => send(reply, await svc.profiles(caller(req), req.query)),
  });
}
