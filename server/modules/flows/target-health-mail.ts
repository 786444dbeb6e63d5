import { APP_NAME } from '../../../lib/constants';
import type { TargetHealth } from '../../../lib/contracts/target-health';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../mail/types';

/** The e-mail to a tour's owner when its targets are broken (docs/flows.md, "Target health"). */
export function targetBrokenMail(
  owner: { email: string; name: string },
  flow: { id: number; name: string },
  health: TargetHealth,
  appUrl: string,
  /** The tour was unpublished because its owner asked for it when broken. */
  paused = false,
): MailMessage {
  const url = `${appUrl.replace(/\/$/, '')}/flows/${flow.id}/report`;
  const subject = `Tour "${flow.name}" cannot find its target`;
  const broken = health.steps.filter((s) => s.status === 'broken');
  const lines = broken.map(
    (s) =>
      `${s.selector}${s.pages.length ? ` on ${s.pages.join(', ')}` : ''}: missing in ${s.missing} of ${s.views} views`,
  );
  const intro = `Hi ${owner.name}, in the last 24 hours visitors of the tour "${flow.name}" often did not see it because the element it points at was not on the page.`;
  const pausedLine = paused
    ? ' The tour was unpublished, as you asked: publish it again once the target is fixed.'
    : '';
  const outro = `Pick the element again in the editor, or add a data-signpost attribute to it on your site. You get this e-mail at most once a day per tour.`;
  const text = [intro + pausedLine, ...lines, `Open the report: ${url}`, outro].join('\n\n');
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px"><h2>${escapeHtml(APP_NAME)}</h2>` +
    `<p>${escapeHtml(intro + pausedLine)}</p><ul>${lines.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('')}</ul>` +
    `<p><a href="${escapeHtml(url)}">Open the report</a></p><p>${escapeHtml(outro)}</p></div>`;
  return { to: owner.email, subject, text, html, links: [url] };
}
