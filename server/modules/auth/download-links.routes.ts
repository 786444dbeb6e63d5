import { envelope } from '../../../lib/contracts/common';
import { downloadLinkBodySchema, downloadLinkSchema } from '../../../lib/contracts/download-links';
import type { ZodApp } from '../../context';
import { session } from '../../context';
import type { DownloadLinks } from './download-links.service';

/**
 * POST /v1/download-links (docs/api.md): a short-lived link to an allow-listed download, opened
 * without the bearer header (docs/security.md, "Download links").
 */
export function downloadLinkRoutes(app: ZodApp, links: DownloadLinks) {
  app.post('/download-links', {
    // Stores nothing: it does not count against the user's writes.
    config: { readOnly: true },
    schema: {
      tags: ['auth'],
      body: downloadLinkBodySchema,
      response: { 200: envelope(downloadLinkSchema) },
    },
    handler: async (req) => ({ data: links.issue(session(req), req.body.path) }),
  });
}
