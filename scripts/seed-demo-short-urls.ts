/**
 * The demo's short links (docs/short-urls.md), for `npm run seed:demo`: three campaign links made
 * through the API, and their clicks over the seeded days written through the real click queue
 * (fingerprints, unique clicks, bot flags, the event store and the links' counters). Some
 * visitors click again, so clicks outnumber unique clicks. A second run adds nothing.
 */
import type { ShortUrl } from '../lib/contracts/short-urls';
import type { App } from '../server/app';
import { DAY, HOUR, HOUR_WEIGHTS, MIN, weighted } from './seed-demo-rhythm';
import type { DemoCall } from './seed-demo-tours';

export const DEMO_SHORT_URLS = [
  {
    slug: 'demo-spring-sale',
    url: 'https://shop.example.com/sale',
    utm: { source: 'newsletter', medium: 'email', campaign: 'spring-sale' },
    perDay: 24,
  },
  {
    slug: 'demo-launch',
    url: 'https://shop.example.com/features',
    utm: { source: 'twitter', medium: 'social', campaign: 'launch' },
    perDay: 12,
  },
  {
    slug: 'demo-docs',
    url: 'https://shop.example.com/docs',
    utm: { source: 'partner', medium: 'referral', campaign: 'docs' },
    perDay: 6,
  },
] as const;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
];
const BOTS = ['Slackbot-LinkExpanding 1.0', 'facebookexternalhit/1.1', 'Twitterbot/1.0'];
const REFERRERS = [
  null,
  null,
  'https://mail.google.com/',
  'https://t.co/',
  'https://www.linkedin.com/',
];
const COUNTRIES = ['US', 'US', 'US', 'DE', 'GB', 'FR', 'BR', 'JP', 'IN', 'CA', null];

/** Creates the demo links the product does not have yet and clicks on them over `days`. */
export async function seedDemoShortUrls(opts: {
  app: App;
  call: DemoCall;
  brandId: number;
  ownerId: string;
  days: number;
  now: number;
  rand: () => number;
}) {
  const { app, call, brandId, ownerId, days, now, rand } = opts;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const listed = await call('GET', `/v1/short-urls?brand_id=${brandId}&limit=100`);
  const have = new Set(
    ((listed.body as unknown as { data?: { data: ShortUrl[] } }).data?.data ?? []).map(
      (l) => l.slug,
    ),
  );
  const made: string[] = [];
  let clicks = 0;
  for (const demo of DEMO_SHORT_URLS) {
    if (have.has(demo.slug)) continue;
    const res = await call('POST', '/v1/short-urls', {
      brand_id: brandId,
      slug: demo.slug,
      url: demo.url,
      utm: demo.utm,
    });
    if (res.status !== 201)
      throw new Error(`demo short link "${demo.slug}": ${JSON.stringify(res.body)}`);
    const link = res.body.data as ShortUrl;
    made.push(demo.slug);
    // A campaign peaks when it is sent and tails off. Visitors come back: some open the link
    // again minutes later (one unique click in that hour), some on a later day.
    const seen: { ip: string; userAgent: string; country: string | null }[] = [];
    const click = (at: number, who: (typeof seen)[number], bot: boolean) => {
      app.ctx.shortUrlClicks.push({
        link: { id: link.id, brandId, ownerId, slug: link.slug, url: link.url },
        at: new Date(at),
        ...app.ctx.clickHasher.click(who.ip, who.userAgent, { id: link.id, brandId }, at),
        bot: bot ? 'preview' : null,
        userAgent: who.userAgent,
        referrer: bot ? null : pick(REFERRERS),
        country: who.country,
        utm: demo.utm,
      });
      clicks++;
    };
    for (let d = days - 1; d >= 0; d--) {
      const n = Math.round(demo.perDay * (0.3 + 1.4 * Math.exp(-((days - 1 - d) / 6)) * rand()));
      // The UTC day d days before today, its hours drawn by the daily curve; never in the future.
      const day = Math.floor(now / DAY) * DAY - d * DAY;
      for (let i = 0; i < n; i++) {
        const at = day + weighted(rand, HOUR_WEIGHTS) * HOUR + Math.floor(rand() * HOUR);
        if (at > now - 1_000) continue;
        const bot = rand() < 0.12;
        const who =
          !bot && seen.length > 0 && rand() < 0.2
            ? pick(seen)
            : {
                ip: `203.0.113.${Math.floor(rand() * 250)}`,
                userAgent: bot ? pick(BOTS) : pick(AGENTS),
                country: pick(COUNTRIES),
              };
        if (!bot) seen.push(who);
        click(at, who, bot);
        if (bot || rand() >= 0.25) continue;
        const again = at + 2 * MIN + Math.floor(rand() * 25 * MIN);
        if (again < now - 1_000) click(again, who, false);
      }
    }
  }
  await app.ctx.shortUrlClicks.flush();
  return { made, clicks };
}
