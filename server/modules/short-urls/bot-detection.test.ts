import { describe, expect, it } from 'vitest';
import { botReason } from './bot-detection';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const get = (ua: string | undefined, extra: Record<string, string> = {}) =>
  botReason({ method: 'GET', headers: { 'user-agent': ua, ...extra } });

describe('botReason', () => {
  it.each([
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'preview'],
    ['Twitterbot/1.0', 'preview'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'preview'],
    [
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'preview',
    ],
    ['WhatsApp/2.23.20.0 A', 'preview'],
    ['TelegramBot (like TwitterBot)', 'preview'],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'preview'],
    ['Mozilla/5.0 (Windows NT 10.0; Microsoft Outlook 16.0; Microsoft Office)', 'preview'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'crawler'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'crawler'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36',
      'crawler',
    ],
    ['curl/8.5.0', 'crawler'],
    ['python-requests/2.32.3', 'crawler'],
    ['Go-http-client/1.1', 'crawler'],
  ])('flags %s as %s', (ua, reason) => {
    expect(get(ua)).toBe(reason);
  });

  it('lets browsers through', () => {
    expect(get(CHROME)).toBeNull();
    expect(get(IPHONE)).toBeNull();
    expect(
      get('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toBeNull();
  });

  it('flags HEAD, speculative fetches and a missing user agent', () => {
    expect(botReason({ method: 'HEAD', headers: { 'user-agent': CHROME } })).toBe('head');
    expect(get(CHROME, { 'sec-purpose': 'prefetch' })).toBe('prefetch');
    expect(get(CHROME, { 'sec-purpose': 'prefetch;prerender' })).toBe('prefetch');
    expect(get(CHROME, { purpose: 'prefetch' })).toBe('prefetch');
    expect(get(CHROME, { 'x-purpose': 'preview' })).toBe('prefetch');
    expect(get(CHROME, { 'x-moz': 'prefetch' })).toBe('prefetch');
    expect(get(undefined)).toBe('no_user_agent');
    expect(get('  ')).toBe('no_user_agent');
  });
});
