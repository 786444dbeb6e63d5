import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Batcher } from '../../analytics/batcher';
import { LINK_CLICKED_EVENT } from '../../analytics/link-click-shape';
import type { EventRow } from '../../analytics/types';
import { parseUserAgent } from '../../../lib/user-agent';
import type { Utm } from '../../../lib/contracts/short-urls';
import type { ClickCounts, RedirectTarget, ShortUrlsRepository } from './short-urls.repository';
import type { UniqueClicks } from './unique-clicks';
import type { BotReason } from './bot-detection';
import type { TopicPublisher } from '../webhooks/ingest-topics';
import { hostOf, publishClicks } from './click-webhooks';

/**
 * How often waiting clicks are written. Short on purpose: a click held for a second survives the
 * young generation's collections and is copied (and promoted) by each of them, which made those
 * pauses three to five times longer during a flood of clicks; held for a tenth of a second, most
 * clicks die young (docs/short-urls.md, "Clicks that die young").
 */
const FLUSH_MS = 100;
/**
 * How often the links' click counters are updated: one statement for every link clicked since,
 * instead of one per write (the database then stays free for the redirect's lookups).
 */
const COUNTER_FLUSH_MS = 10_000;
/** A flush starts sooner when this many clicks wait. */
const FLUSH_ROWS = 2_000;
/** Past this many clicks held (the store is down), new ones are dropped: memory stays bounded. */
const MAX_HELD = 50_000;
const MAX_REFERRER = 2_048;
/**
 * Clicks whose rows are built in one go: a larger flush's rows are built in slices with the event
 * loop free between them, then written in one submission per account.
 */
const BUILD_SLICE = 25;

/** One redirect, as the request saw it; the address is already hashed. */
export interface Click {
  link: Pick<RedirectTarget, 'id' | 'brandId' | 'ownerId' | 'slug' | 'url'>;
  at: Date;
  fingerprint: string;
  hour: number;
  visitor: string;
  bot: BotReason | null;
  userAgent: string | null;
  referrer: string | null;
  country: string | null;
  /** The utm_* values the visitor was sent on with. */
  utm: Utm;
}

/**
 * Message ids of click events: this process's random prefix and a counter. Unique like a UUID per
 * click (the store drops repeats of an id), without building a UUID's text for every click.
 */
const ID_PREFIX = `lc-${randomUUID()}-`;
let idCount = 0;
const clickMessageId = () => `${ID_PREFIX}${(idCount++).toString(36)}`;

const CONTEXT = { library: { name: 'signpost-short-urls' } };
const CONTEXT_JSON = JSON.stringify(CONTEXT);

/** The `link_clicked` event of a click (docs/short-urls.md, "How clicks are stored"). */
export function clickEventRow(click: Click, unique: boolean): EventRow {
  const ua = parseUserAgent(click.userAgent);
  const referrer = click.referrer ? click.referrer.slice(0, MAX_REFERRER) : null;
  const properties: Record<string, unknown> = {
    link_id: click.link.id,
    slug: click.link.slug,
    bot: click.bot !== null,
    unique,
    referrer: hostOf(referrer),
  };
  if (click.bot) properties.bot_reason = click.bot;
  for (const [k, v] of Object.entries(click.utm)) if (v) properties[`utm_${k}`] = v;
  return {
    brandId: click.link.brandId,
    messageId: clickMessageId(),
    type: 'track',
    event: LINK_CLICKED_EVENT,
    userId: null,
    anonymousId: click.visitor,
    customerKey: click.visitor,
    timestamp: click.at,
    receivedAt: click.at,
    properties,
    propertiesJson: JSON.stringify(properties),
    context: CONTEXT,
    contextJson: CONTEXT_JSON,
    url: click.link.url,
    path: `/s/${click.link.slug}`,
    referrer,
    browser: ua.browser,
    os: ua.os,
    device: ua.device,
    country: click.country,
  };
}

/**
 * Clicks leave the redirect at once: they are buffered and written about ten times a second through
 * the ingestion batcher as derived events (no profile update, no MAU usage), one submission per
 * account, and then added to the links' counters. A failed write is logged and dropped: the
 * redirect never waits for, nor fails with, the event store.
 */
export function createClickQueue(deps: {
  batcher: Pick<Batcher, 'submit'>;
  links: Pick<ShortUrlsRepository, 'addClicks'>;
  unique: UniqueClicks;
  log: FastifyBaseLogger;
  flushMs?: number;
  counterFlushMs?: number;
  /** link.clicked webhooks of the stored clicks (docs/webhooks.md); never throws. */
  webhooks?: Pick<TopicPublisher, 'subscriptions' | 'send'>;
}) {
  let waiting: Click[] = [];
  let held = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();
  /** Clicks stored but not yet added to the links' counters, per link. */
  const counts = new Map<number, ClickCounts>();
  let counterTimer: NodeJS.Timeout | undefined;

  const write = async (clicks: Click[]) => {
    const humans = clicks.filter((c) => c.bot === null);
    const first = await deps.unique
      .firstOf(humans.map((c) => ({ fingerprint: c.fingerprint, hour: c.hour })))
      .catch((err: unknown) => {
        deps.log.warn({ err }, 'unique clicks not checked');
        return humans.map(() => false);
      });
    const isUnique = new Map(humans.map((c, i) => [c, first[i] ?? false]));
    const byOwner = new Map<string, Click[]>();
    for (const c of clicks) {
      const list = byOwner.get(c.link.ownerId);
      if (list) list.push(c);
      else byOwner.set(c.link.ownerId, [c]);
    }
    for (const [ownerId, all] of byOwner) await writeOwner(ownerId, all, isUnique);
  };

  /** One account's clicks: rows built a slice at a time, written in one submission. */
  const writeOwner = async (ownerId: string, list: Click[], isUnique: Map<Click, boolean>) => {
    const rows: EventRow[] = [];
    for (let i = 0; i < list.length; i += BUILD_SLICE) {
      if (i > 0) await nextTurn();
      for (const c of list.slice(i, i + BUILD_SLICE))
        rows.push(clickEventRow(c, isUnique.get(c) ?? false));
    }
    try {
      await deps.batcher.submit({ rows, ownerId, derived: true });
    } catch (err) {
      deps.log.warn({ err, clicks: list.length }, 'short link clicks not stored');
      return;
    }
    for (const c of list) {
      const n = counts.get(c.link.id) ?? { id: c.link.id, clicks: 0, unique: 0, bots: 0 };
      if (c.bot) n.bots++;
      else n.clicks++;
      if (isUnique.get(c)) n.unique++;
      counts.set(c.link.id, n);
    }
    if (deps.webhooks) await publishClicks(deps.webhooks, list, isUnique);
    counterTimer ??= setTimeout(
      () => void writeCounters(),
      deps.counterFlushMs ?? COUNTER_FLUSH_MS,
    );
  };

  /** Adds what the stored clicks counted to the links' rows, in one statement. */
  const writeCounters = async () => {
    clearTimeout(counterTimer);
    counterTimer = undefined;
    if (counts.size === 0) return;
    const batch = [...counts.values()];
    counts.clear();
    await deps.links
      .addClicks(batch)
      .catch((err: unknown) => deps.log.warn({ err }, 'short link counters not updated'));
  };

  const flushClicks = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    flushing = flushing.then(async () => {
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (err) {
        deps.log.warn({ err }, 'short link clicks not stored');
      } finally {
        held -= batch.length;
      }
    });
    return flushing;
  };

  const flush = async () => {
    await flushClicks();
    await writeCounters();
  };

  return {
    /** Queues a click; never throws and never waits. */
    push(click: Click) {
      if (held >= MAX_HELD) {
        deps.log.warn('short link click dropped: the event store is not keeping up');
        return;
      }
      waiting.push(click);
      held++;
      if (waiting.length >= FLUSH_ROWS) void flushClicks();
      else timer ??= setTimeout(() => void flushClicks(), deps.flushMs ?? FLUSH_MS);
    },
    /** Writes what waits, counters included (tests, shutdown). */
    flush,
    close: () => flush(),
  };
}
export type ClickQueue = ReturnType<typeof createClickQueue>;
