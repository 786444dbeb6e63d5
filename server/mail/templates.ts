import { APP_NAME } from '../../lib/constants';
import { escapeHtml } from '../lib/html';
import type { MailMessage } from './types';

function layout(
  to: string,
  subject: string,
  intro: string,
  action: { label: string; url: string } | null,
  outro: string,
): MailMessage {
  const text = [intro, action ? `${action.label}: ${action.url}` : '', outro]
    .filter(Boolean)
    .join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="background:#2553e0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(action.url)}</p>`
    : '';
  const html = `<div style="font-family:system-ui,sans-serif;max-width:520px"><h2>${APP_NAME}</h2><p>${escapeHtml(intro)}</p>${button}<p>${escapeHtml(outro)}</p></div>`;
  return { to, subject, text, html, links: action ? [action.url] : [] };
}

export const mailTemplates = {
  verifyEmail: (to: string, name: string, url: string) =>
    layout(
      to,
      `Verify your e-mail for ${APP_NAME}`,
      `Hi ${name}, confirm your e-mail address to start using ${APP_NAME}.`,
      { label: 'Verify e-mail', url },
      'The link is valid for 48 hours. If you did not sign up, ignore this message.',
    ),
  alreadyRegistered: (to: string, signInUrl: string) =>
    layout(
      to,
      `Your ${APP_NAME} account`,
      `Someone tried to create a ${APP_NAME} account with this e-mail, but you already have one.`,
      { label: 'Sign in', url: signInUrl },
      'If this was not you, no action is needed. Forgot your password? Use "Forgot password?" on the sign-in page.',
    ),
  resetPassword: (to: string, url: string) =>
    layout(
      to,
      `Reset your ${APP_NAME} password`,
      'We received a request to reset your password.',
      { label: 'Set a new password', url },
      'The link is valid for 30 minutes and works once. If you did not ask for it, ignore this message.',
    ),
  passwordChanged: (to: string) =>
    layout(
      to,
      `Your ${APP_NAME} password was changed`,
      'The password of your account was just changed and every other session was signed out.',
      null,
      'If this was not you, reset your password right away.',
    ),
};
