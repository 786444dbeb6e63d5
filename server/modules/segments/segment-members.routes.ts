import { Readable } from 'node:stream';
import { z } from 'zod';
import { envelope, idParam } from '../../../lib/contracts/common';
import {
  segmentMembersPageSchema,
  segmentMembersQuerySchema,
  segmentPreviewBodySchema,
  segmentPreviewSchema,
} from '../../../lib/contracts/segment-members';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import { toProfileDto, type ProfileRow } from '../profiles/profiles.repository';
import { csvCell } from '../reports/report-csv';
import type { SegmentMembersService } from './engine/members.service';

/**
 * Preview and members of segments (docs/segments.md, "Engine"): a live count with a sample while
 * the builder edits (an estimate past a time budget unless asked exactly), and a segment's
 * members page by page, or every member streamed as CSV or NDJSON with a keyset cursor (one page
 * of profiles in memory at a time). The CSV and NDJSON exports also open with a signed download
 * link instead of the bearer header (`download_token`, checked by the authenticated scope;
 * docs/security.md, "Download links"), so a browser saves them straight to disk.
 */

/** The export's columns: the profile's fields; attributes and metadata as JSON text. */
const CSV_COLUMNS = [
  'id',
  'customer_key',
  'email',
  'name',
  'first_seen',
  'last_seen',
  'data_attributes',
  'metadata',
] as const;

function csvLine(p: ProfileRow): string {
  const d = toProfileDto(p);
  const cells = CSV_COLUMNS.map((c) => {
    const v = d[c];
    return typeof v === 'number'
      ? v
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : (v ?? '');
  });
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The lines of every member, one chunk per page of members (the CSV header first), produced only
 * as fast as the client reads them: one string per page keeps the objects made per row few.
 */
async function* exportChunks(pages: AsyncGenerator<ProfileRow[]>, format: 'csv' | 'ndjson') {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const page of pages) {
    let chunk = '';
    for (const p of page)
      chunk += format === 'csv' ? csvLine(p) : `${JSON.stringify(toProfileDto(p))}\n`;
    yield chunk;
  }
}

export function segmentMemberRoutes(app: ZodApp, svc: SegmentMembersService) {
  const tags = ['segments'];
  const owner = (req: Parameters<typeof session>[0]) => session(req).user.id;

  app.post('/segments/preview', {
    config: { readOnly: true },
    schema: {
      tags,
      body: segmentPreviewBodySchema,
      response: { 200: envelope(segmentPreviewSchema) },
    },
    handler: async (req) => {
      const preview = await svc.preview(owner(req), req.body);
      return { data: { ...preview, sample: preview.sample.map(toProfileDto) } };
    },
  });

  app.get('/segments/:id/members', {
    schema: {
      tags,
      params: idParam,
      querystring: segmentMembersQuerySchema,
      response: {
        200: {
          content: {
            'application/json': { schema: envelope(segmentMembersPageSchema) },
            'text/csv': { schema: z.string() },
            'application/x-ndjson': { schema: z.string() },
          },
        },
      },
    },
    handler: async (req, reply) => {
      const { format } = req.query;
      if (format === 'csv' || format === 'ndjson') {
        const pages = await svc.all(owner(req), req.params.id);
        // At most one page waits in the stream besides the one being written.
        const stream = Readable.from(exportChunks(pages, format), { highWaterMark: 1 });
        return (
          reply
            .header(
              'content-type',
              format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
            )
            .header(
              'content-disposition',
              `attachment; filename="segment-${req.params.id}.${format}"`,
            )
            // A stream is sent as it is (never serialized); the declared type is its text.
            .send(stream as unknown as string)
        );
      }
      const after = req.query.cursor ? Number(req.query.cursor) : 0;
      const page = await svc.list(owner(req), req.params.id, { after, limit: req.query.limit });
      return {
        data: {
          data: page.data.map(toProfileDto),
          total: page.total,
          nextCursor: page.nextCursor,
          computed_at: page.computedAt.toISOString(),
        },
      };
    },
  });
}
