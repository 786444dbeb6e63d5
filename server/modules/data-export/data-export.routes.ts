import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  eventExportQuerySchema,
  profileExportQuerySchema,
} from '../../../lib/contracts/data-export';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { DataExportService, ExportStream } from './data-export.service';

/**
 * GET /v1/export/events and GET /v1/export/profiles (docs/data-export.md): a product's events or
 * customer profiles streamed as NDJSON or CSV, resumable from any row's cursor.
 */

const fileResponse = {
  200: {
    content: {
      'application/x-ndjson': { schema: z.string() },
      'text/csv': { schema: z.string() },
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
  app.get('/export/events', {
    schema: { tags, querystring: eventExportQuerySchema, response: fileResponse },
    handler: async (req, reply) => send(reply, await svc.events(session(req).user.id, req.query)),
  });
  app.get('/export/profiles', {
    schema: { tags, querystring: profileExportQuerySchema, response: fileResponse },
    handler: async (req, reply) => send(reply, await svc.profiles(session(req).user.id, req.query)),
  });
}
