/**
 * Which clicks are not a person following the link (docs/short-urls.md, "Bots and previews"):
 * they are still recorded, with `bot: true`, and left out of the counts by default.
 */
export type BotReason = 'head' | 'prefetch' | 'preview' | 'crawler' | 'no_user_agent';

export interface ClickRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Link unfurlers, mail scanners and chat previews: they fetch the link, nobody clicked it. */
const PREVIEW_AGENTS =
  /slackbot|slack-imgproxy|twitterbot|facebookexternalhit|facebookcatalog|linkedinbot|whatsapp|telegrambot|discordbot|skypeuripreview|microsoft office|ms-office|outlook-ios|bingpreview|google-pagerenderer|googleimageproxy|viber|snapchat|pinterest|redditbot|embedly|iframely|vkshare|mattermost|applebot|yahoo! slurp|mastodon|bluesky|cardyb|zoominfo|proofpoint|mimecast|barracuda|symantec|trendmicro|safelinks/i;

/** Crawlers, headless browsers, HTTP libraries and monitors. */
const CRAWLER_AGENTS =
  /bot\b|bot\/|crawler|crawl|spider|slurp|headlesschrome|phantomjs|puppeteer|playwright|lighthouse|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww-perl|scrapy|httpclient|postmanruntime|insomnia|uptimerobot|pingdom|statuscake|ahrefs|semrush|mj12|dotbot|petalbot|yandex|baiduspider|duckduckbot|sogou|exabot|bytespider|gptbot|claudebot|ccbot|perplexity|amazonbot|preview/i;

const header = (headers: ClickRequest['headers'], name: string): string => {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).toLowerCase();
};

/**
 * Why a redirect request is not a human click, or null when it looks like one. HEAD never
 * follows a link; `Sec-Purpose`/`Purpose`/`X-Purpose`/`X-Moz` mark speculative fetches
 * (prefetch, prerender, previews); the user agent names the rest.
 */
export function botReason(req: ClickRequest): BotReason | null {
  if (req.method.toUpperCase() === 'HEAD') return 'head';
  const purpose = [
    header(req.headers, 'sec-purpose'),
    header(req.headers, 'purpose'),
    header(req.headers, 'x-purpose'),
    header(req.headers, 'x-moz'),
  ].join(' ');
  if (/prefetch|prerender|preview|instant/.test(purpose)) return 'prefetch';
  const ua = header(req.headers, 'user-agent').trim();
  if (ua === '') return 'no_user_agent';
  if (PREVIEW_AGENTS.test(ua)) return 'preview';
  if (CRAWLER_AGENTS.test(ua)) return 'crawler';
  return null;
}
