import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { FlowDefinition } from '../../../db/schema';
import { sanitizeStepHtml, sanitizeStepsInSlices } from '../../../lib/sanitize-html';
import type { FlowsRepository } from '../flows.repository';
import type { Candidate } from './decide';

/** A published tour as the runtime keeps it. */
export interface PublishedFlow extends Candidate {
  name: string;
  definition: FlowDefinition;
  /**
   * The steps as visitors get them: content sanitised again once per saved version. The same
   * array as `definition.steps` (one copy of the content is kept).
   */
  steps: FlowDefinition['steps'];
  /** When the tour was last saved: an unchanged tour is never sanitised again. */
  updatedAt: Date;
}

/**
 * A tour this process has just saved, its content cleaned by this process's sanitiser at save
 * (flows.service.ts): the cache takes its steps as they are.
 */
export interface SavedFlow {
  id: number;
  name: string;
  published: boolean;
  definition: FlowDefinition;
  publishedAt: Date | null;
  updatedAt: Date;
}

interface Entry {
  /** What requests get: the last list read, or the first read while none was. */
  flows: Promise<Map<number, PublishedFlow>>;
  until: number;
  loaded?: Map<number, PublishedFlow>;
}

/** One tour's prepared version, shared by every read that needs that version. */
interface Prepared {
  updatedAt: number;
  flow: Promise<PublishedFlow | undefined>;
}

/** Redis channel on which a node tells the others that a product's published tours changed. */
export const FLOWS_CHANGED_CHANNEL = 'signpost:flows:changed';
/** A backstop: even without a message, no node serves a product's list longer than this. */
const TTL_MS = 10_000;
const MAX_PRODUCTS = 5_000;
/**
 * Characters of step content kept over all products. The largest plan allows 200 MB of tours
 * per product (lib/plans.ts), so one product always fits beside others; past the bound the
 * products asked about least recently are let go (read and prepared again when next asked).
 */
export const PUBLISHED_FLOWS_MAX_CHARS = 512_000_000;

/**
 * The published tours of each product (docs/adr/0012-flow-runtime-cost.md, docs/flows.md "The
 * published-tour cache"). The list is read again when a tour of the product is published,
 * unpublished, saved or deleted (with Redis, the node that changed a tour publishes the product's
 * id and every node forgets its list at once), but a read fetches only the tours' ids and times:
 * a tour whose `updated_at` did not change keeps its prepared steps, and only new versions have
 * their definition read and sanitised, one at a time, in slices that let the event loop run.
 */
export function createPublishedFlows(deps: {
  flows: Pick<FlowsRepository, 'listPublished' | 'publishedDefinition'>;
  redis?: Redis;
  log: FastifyBaseLogger;
  ttlMs?: number;
  /** The sanitiser (tests count its calls). */
  sanitize?: (html: string) => string;
  /** Characters of content kept over all products (tests use a small one). */
  maxChars?: number;
  /** Called whenever a product's list is forgotten: the segments kept beside it go too. */
  onForget?: (brandId: number) => void;
}) {
  const ttl = deps.ttlMs ?? TTL_MS;
  const maxChars = deps.maxChars ?? PUBLISHED_FLOWS_MAX_CHARS;
  const sanitize = deps.sanitize ?? sanitizeStepHtml;
  const cache = new Map<number, Entry>();
  /** Per product, the prepared version of each published tour; survives a change of the list. */
  const prepared = new Map<number, Map<number, Prepared>>();
  /**
   * Characters of content each product's last list holds, least recently asked first (a product
   * asked about moves to the end).
   */
  const weights = new Map<number, number>();
  let totalChars = 0;

  const drop = (brandId: number) => {
    cache.delete(brandId);
    prepared.delete(brandId);
    totalChars -= weights.get(brandId) ?? 0;
    weights.delete(brandId);
  };
  /** Records a product's weight; lets the least recently asked others go past the bound. */
  const weigh = (brandId: number, list: Map<number, PublishedFlow>) => {
    let chars = 0;
    for (const f of list.values()) for (const s of f.steps) chars += s.content.length;
    totalChars += chars - (weights.get(brandId) ?? 0);
    weights.delete(brandId);
    weights.set(brandId, chars);
    for (const other of weights.keys()) {
      if (totalChars <= maxChars) break;
      if (other !== brandId) drop(other);
    }
  };
  const touch = (brandId: number) => {
    const w = weights.get(brandId);
    if (w === undefined) return;
    weights.delete(brandId);
    weights.set(brandId, w);
  };

  const preparedOf = (brandId: number) => {
    let m = prepared.get(brandId);
    if (!m) prepared.set(brandId, (m = new Map()));
    return m;
  };

  /** Reads one tour's definition (one row per query: a bounded parse) and sanitises its steps. */
  const prepare = async (brandId: number, id: number): Promise<PublishedFlow | undefined> => {
    const r = await deps.flows.publishedDefinition(brandId, id);
    if (!r) return undefined; // unpublished or deleted meanwhile: the change message follows
    const steps = await sanitizeStepsInSlices(r.definition.steps, sanitize);
    return {
      id: r.id,
      name: r.name,
      definition: { ...r.definition, steps },
      steps,
      publishedAt: r.publishedAt ?? r.updatedAt,
      updatedAt: r.updatedAt,
    };
  };

  /** The version of tour `id` saved at `updatedAt`, prepared once whoever asks for it. */
  const versionOf = (brandId: number, id: number, updatedAt: Date) => {
    const memo = preparedOf(brandId);
    const known = memo.get(id);
    if (known && known.updatedAt === updatedAt.getTime()) return known.flow;
    const p: Prepared = { updatedAt: updatedAt.getTime(), flow: prepare(brandId, id) };
    memo.set(id, p);
    // A failed read is not remembered; a newer version read meanwhile replaces this one.
    p.flow.then(
      (flow) => {
        if (flow && flow.updatedAt.getTime() !== p.updatedAt && memo.get(id) === p)
          memo.set(id, { updatedAt: flow.updatedAt.getTime(), flow: p.flow });
      },
      () => {
        if (memo.get(id) === p) memo.delete(id);
      },
    );
    return p.flow;
  };

  /** Reads the list's ids and times; prepares only the versions not prepared before. */
  const load = async (brandId: number) => {
    const heads = await deps.flows.listPublished(brandId);
    const out = new Map<number, PublishedFlow>();
    // One at a time: the definitions read and sanitised never pile up on the event loop.
    for (const h of heads) {
      const flow = await versionOf(brandId, h.id, h.updatedAt);
      if (!flow) continue;
      const publishedAt = h.publishedAt ?? h.updatedAt;
      out.set(
        h.id,
        flow.name === h.name && flow.publishedAt.getTime() === publishedAt.getTime()
          ? flow
          : { ...flow, name: h.name, publishedAt },
      );
    }
    // Versions of tours no longer published are let go.
    const listed = new Set(heads.map((h) => h.id));
    const memo = preparedOf(brandId);
    for (const id of memo.keys()) if (!listed.has(id)) memo.delete(id);
    return out;
  };

  const forget = (brandId: number) => {
    cache.delete(brandId);
    deps.onForget?.(brandId);
  };

  const subscriber = deps.redis?.duplicate();
  subscriber?.on('error', (err) => deps.log.warn({ err }, 'redis subscriber error'));
  subscriber?.on('message', (_channel: string, message: string) => {
    forget(Number(message));
  });
  const subscribed = subscriber
    ?.subscribe(FLOWS_CHANGED_CHANNEL)
    .catch((err: unknown) => deps.log.warn({ err }, 'could not subscribe to flow changes'));

  return {
    /** Waits until this node listens for other nodes' changes (tests, start-up). */
    ready: async () => {
      await subscribed;
    },

    /**
     * The product's published tours by id. Past the backstop expiry the copy in hand still
     * answers while a fresh one is read (a change forgets the copy at once instead).
     */
    get(brandId: number): Promise<Map<number, PublishedFlow>> {
      const now = Date.now();
      const hit = cache.get(brandId);
      touch(brandId);
      if (hit && hit.until > now) return hit.flows;
      const flows = load(brandId);
      if (cache.size >= MAX_PRODUCTS || prepared.size >= MAX_PRODUCTS) {
        cache.clear();
        prepared.clear();
        weights.clear();
        totalChars = 0;
      }
      const entry: Entry = { flows: hit?.loaded ? hit.flows : flows, until: now + ttl };
      cache.set(brandId, entry);
      flows.then(
        (loaded) => {
          if (cache.get(brandId) !== entry) return;
          entry.flows = flows;
          entry.loaded = loaded;
          weigh(brandId, loaded);
        },
        // A failed read is not remembered: the next request tries again.
        () => {
          if (cache.get(brandId) === entry) cache.delete(brandId);
        },
      );
      return entry.flows;
    },

    /** Reads the product's published tours again now (a session's tour looked missing). */
    reload(brandId: number) {
      forget(brandId);
      return this.get(brandId);
    },

    /**
     * A tour of the product changed: this node reads the list again on the next ask, the others
     * on the message. `saved` is the tour as this process just saved it, its content cleaned at
     * save by the same sanitiser: it is kept as it is, so the next ask sanitises nothing (for a
     * product this node has read; another's is read whole on its first ask anyway).
     */
    async changed(brandId: number, saved?: SavedFlow) {
      forget(brandId);
      const memo = prepared.get(brandId);
      if (saved && memo) {
        if (!saved.published) memo.delete(saved.id);
        else
          memo.set(saved.id, {
            updatedAt: saved.updatedAt.getTime(),
            flow: Promise.resolve({
              id: saved.id,
              name: saved.name,
              definition: saved.definition,
              steps: saved.definition.steps,
              publishedAt: saved.publishedAt ?? saved.updatedAt,
              updatedAt: saved.updatedAt,
            }),
          });
      }
      await deps.redis
        ?.publish(FLOWS_CHANGED_CHANNEL, String(brandId))
        .catch((err: unknown) => deps.log.warn({ err }, 'could not publish a flow change'));
    },

    async close() {
      if (!subscriber) return;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
export type PublishedFlows = ReturnType<typeof createPublishedFlows>;
