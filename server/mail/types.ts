/** A message to send; `links` are the actionable URLs in it (shown by the dev outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
