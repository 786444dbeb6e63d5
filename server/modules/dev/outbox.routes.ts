import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutboxService } from './outbox.service';
import { escapeHtml } from '../../lib/html';

const isLoopback = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/**
 * The local outbox, registered only while mail goes there (no SMTP_URL): `/v1/dev/outbox`
 * (JSON) and `/dev/outbox` (a page listing every message and its links).
 */
export function outboxRoutes(app: FastifyInstance, outbox: OutboxService) {
  const list = () => outbox.latest();

  // Reset links are credentials: only a browser on this machine may read them.
  // The socket's own address, not req.ip (which trusts X-Forwarded-For under TRUST_PROXY), and
  // nothing relayed by a proxy: behind a proxy on this host every visitor would look local.
  const localOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    const relayed =
      req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (relayed || !isLoopback(req.raw.socket.remoteAddress ?? '')) return reply.callNotFound();
  };

  app.get('/v1/dev/outbox', { schema: { hide: true }, onRequest: localOnly }, async () => ({
    data: await list(),
  }));

  app.get('/dev/outbox', { schema: { hide: true }, onRequest: localOnly }, async (_req, reply) => {
    const mails = await list();
    const items = mails
      .map(
        (
          m,
        ) => `<article data-to="${escapeHtml(m.to)}" style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0">
  <h2 style="margin:0 0 4px;font-size:16px">${escapeHtml(m.subject)}</h2>
  <p style="margin:0;color:#555">To ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</p>
  <pre style="white-space:pre-wrap">${escapeHtml(m.text)}</pre>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
</article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    // Mail bodies are escaped; the policy still forbids any script, frame or foreign load.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signpost - Outbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px">
<h1>Local outbox</h1>
<p>No SMTP server is configured (SMTP_URL), so e-mail is kept here. This page disappears once SMTP is set.</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
  });
}
