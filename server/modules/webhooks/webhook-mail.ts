import { APP_NAME } from '../../../lib/constants';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../mail/types';

/** The e-mail to a product's owner when an endpoint failing for five days was disabled. */
export function webhookDisabledMail(
  owner: { email: string; name: string; brandName: string },
  endpoint: { id: number; url: string },
  appUrl: string,
): MailMessage {
  const url = `${appUrl.replace(/\/$/, '')}/settings#webhooks`;
  const subject = `Webhook endpoint disabled in ${owner.brandName}`;
  const intro = `Hi ${owner.name}, every delivery to the webhook endpoint ${endpoint.url} of ${owner.brandName} failed for five days, so it was disabled and no more messages are sent to it.`;
  const outro =
    'Fix the receiver, enable the endpoint again, and resend the messages you need from its delivery log (messages are kept 30 days).';
  const text = [intro, outro, `Open the settings: ${url}`].join('\n\n');
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px"><h2>${escapeHtml(APP_NAME)}</h2>` +
    `<p>${escapeHtml(intro)}</p><p>${escapeHtml(outro)}</p>` +
    `<p><a href="${escapeHtml(url)}">Open the settings</a></p></div>`;
  return { to: owner.email, subject, text, html, links: [url] };
}
