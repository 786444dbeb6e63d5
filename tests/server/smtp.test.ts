import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { json, setupTestApp, uniqueEmail } from './helpers';

/** A minimal SMTP server on loopback: the edge we do not own, played just enough to receive mail. */
function startSmtp() {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = '';
    let current = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            messages.push(current);
            current = '';
            socket.write('250 queued\r\n');
          } else current += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise<{ port: number; messages: string[]; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => server.close(),
      }),
    ),
  );
}

describe('mail over SMTP (SMTP_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  // Hooks run as a stack: the SMTP server stops after the app is dropped.
  afterAll(() => smtp?.close());
  const t = setupTestApp(async () => {
    smtp = await startSmtp();
    return {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Signpost <no-reply@example.com>',
      },
    };
  });

  it('sends the verification link through the SMTP server and keeps nothing in the outbox', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-up',
      ...json({ name: 'S', email, password: 'Secret1!x' }),
    });
    expect(res.statusCode).toBe(201);
    await t.app.ctx.mail.drain();
    const message = smtp.messages.find((m) => m.includes(email));
    expect(message).toBeDefined();
    expect(message).toMatch(/From: Signpost <no-reply@example.com>/);
    expect(message?.replace(/=\r?\n/g, '')).toMatch(
      /verify-email\?token=3D[A-Za-z0-9_-]+|verify-email\?token=[A-Za-z0-9_-]+/,
    );
    expect(await t.app.ctx.outbox.latest()).toHaveLength(0);
  });
});
