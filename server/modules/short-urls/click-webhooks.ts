import type { LinkClickedWebhookData } from '../../../lib/contracts/webhooks';
import type { TopicPublisher } from '../webhooks/ingest-topics';
import type { Click } from './click-queue';

const LINK_CLICKED_TOPIC = 'link.clicked';

/** The host of a URL (a click's referrer), or null. */
export const hostOf = (url: string | null): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
};

function linkClickedData(click: Click, unique: boolean): LinkClickedWebhookData {
  const utm: Record<string, string> = {};
  for (const [k, v] of Object.entries(click.utm)) if (v) utm[k] = v;
  return {
    link_id: click.link.id,
    slug: click.link.slug,
    target: click.link.url,
    visitor_id: click.visitor,
    customer_id: null,
    unique,
    referrer: hostOf(click.referrer),
    country: click.country,
    utm,
    at: click.at.toISOString(),
  };
}

/**
 * link.clicked webhooks of stored clicks (docs/webhooks.md, "Topics"): people's clicks only (a
 * link preview's bot is no click), one write per product whose endpoints subscribe; a product
 * nobody listens to costs a look in the subscription cache. Never throws.
 */
export async function publishClicks(
  webhooks: Pick<TopicPublisher, 'subscriptions' | 'send'>,
  clicks: readonly Click[],
  isUnique: ReadonlyMap<Click, boolean>,
) {
  const byBrand = new Map<number, Click[]>();
  for (const c of clicks) {
    if (c.bot !== null) continue;
    const list = byBrand.get(c.link.brandId);
    if (list) list.push(c);
    else byBrand.set(c.link.brandId, [c]);
  }
  for (const [brandId, list] of byBrand) {
    const subs = await webhooks.subscriptions(brandId).catch(() => null);
    if (!subs?.wants(LINK_CLICKED_TOPIC)) continue;
    await webhooks.send(
      brandId,
      list.map((c) => ({
        topic: LINK_CLICKED_TOPIC,
        data: linkClickedData(c, isUnique.get(c) ?? false),
      })),
    );
  }
}
