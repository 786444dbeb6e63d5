import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './outbox.repository';
import type { MailMessage, Mailer } from './types';

export type { MailMessage, Mailer } from './types';

const EMAIL_LIKE = /[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/g;

/**
 * SMTP when SMTP_URL is set; otherwise the database outbox, read at /dev/outbox. Links are
 * credentials (reset, verification): they are never written to the log.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outbox: OutboxRepository;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(m) {
        await transporter.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(m) {
      await opts.outbox.insert(m);
      // Recipients are personal data: named only at debug (docs/security.md).
      opts.log.info(
        { subject: m.subject },
        'mail kept in the local outbox: open /dev/outbox on this machine',
      );
      opts.log.debug({ to: m.to, subject: m.subject }, `mail to ${m.to} kept in the local outbox`);
    },
  };
}

/**
 * Sends in the background so a response never waits on (or reveals, by its timing) a mail
 * delivery; failures are logged. `drain()` lets shutdown wait for what is still in flight.
 */
export function createDeliveryQueue(mailer: Mailer, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    deliver(message: MailMessage): void {
      const p = mailer
        .send(message)
        .catch((err: unknown) => {
          // An SMTP server's answer often quotes the recipient: that goes to debug only too.
          const reason = String((err as Error).message).replace(EMAIL_LIKE, '<recipient>');
          log.error({ err: reason }, 'mail delivery failed');
          log.debug({ to: message.to }, `mail to ${message.to} not delivered`);
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
export type DeliveryQueue = ReturnType<typeof createDeliveryQueue>;
