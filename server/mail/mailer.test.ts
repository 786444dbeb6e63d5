import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { OutboxRepository } from './outbox.repository';
import { createDeliveryQueue, createMailer, type MailMessage, type Mailer } from './mailer';

/** A logger at `level` whose lines are collected as text. */
function capture(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ level }, stream), text: () => lines.join('') };
}

const message: MailMessage = {
  to: 'ada.lovelace@example.com',
  subject: 'Verify your e-mail',
  text: 'hello',
  html: '<p>hello</p>',
  links: [],
};
const outbox = { insert: async () => undefined } as unknown as OutboxRepository;

describe('mail logging', () => {
  it('names the recipient of outbox mail at debug only, never at info', async () => {
    const info = capture('info');
    await createMailer({ from: 'x@y.z', outbox, log: info.log }).send(message);
    expect(info.text()).toContain('kept in the local outbox');
    expect(info.text()).not.toContain('ada.lovelace');

    const debug = capture('debug');
    await createMailer({ from: 'x@y.z', outbox, log: debug.log }).send(message);
    expect(debug.text()).toContain('ada.lovelace@example.com');
  });

  it('logs a failed delivery without the recipient, even when the SMTP answer quotes it', async () => {
    const failing: Mailer = {
      transport: 'smtp',
      send: async () => {
        throw new Error('550 5.1.1 <ada.lovelace@example.com>: Recipient address rejected');
      },
    };
    const info = capture('info');
    const queue = createDeliveryQueue(failing, info.log);
    queue.deliver(message);
    await queue.drain();
    expect(info.text()).toContain('mail delivery failed');
    expect(info.text()).toContain('Recipient address rejected');
    expect(info.text()).not.toContain('ada.lovelace');
  });
});
