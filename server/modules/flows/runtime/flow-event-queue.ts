import type { FastifyBaseLogger } from 'fastify';
import type { Batcher } from '../../../analytics/batcher';
import type { EventRow } from '../../../analytics/types';
import type { PublishWebhook } from '../../webhooks';
import { publishFlowEvents } from '../../webhooks/flow-topics';

/** How often buffered flow events are written. */
const FLUSH_MS = 1_000;
/** A flush starts sooner when this many rows wait. */
const FLUSH_ROWS = 2_000;
/** Past this many waiting rows, new ones are dropped (the store is down): memory stays bounded. */
const MAX_ROWS = 50_000;

/**
 * Flow events leave the visitor's request: they are buffered and written about once a second
 * through the ingestion batcher, as one submission per account, instead of one small store write
 * per runtime call (docs/adr/0012-flow-runtime-cost.md). A failed write is logged; the sessions
 * in the database stay the truth of what visitors see.
 */
export function createFlowEventQueue(deps: {
  batcher: Pick<Batcher, 'submit'>;
  log: FastifyBaseLogger;
  flushMs?: number;
  /** flow.* webhooks of the written events (docs/webhooks.md), after each write; never throws. */
  webhook?: PublishWebhook;
}) {
  const waiting = new Map<string, EventRow[]>();
  /** Rows waiting for a flush plus rows whose write has not finished. */
  let held = 0;
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batches = [...waiting];
    waiting.clear();
    size = 0;
    flushing = flushing.then(async () => {
      for (const [ownerId, rows] of batches) {
        await deps.batcher
          .submit({ rows, ownerId, derived: true })
          .catch((err: unknown) => deps.log.warn({ err }, 'flow events not stored'));
        held -= rows.length;
        if (deps.webhook) await publishFlowEvents(rows, deps.webhook);
      }
    });
    return flushing;
  };

  return {
    push(ownerId: string, rows: EventRow[]) {
      if (held + rows.length > MAX_ROWS) {
        deps.log.warn('flow events dropped: the event store is not keeping up');
        return;
      }
      const list = waiting.get(ownerId);
      if (list) list.push(...rows);
      else waiting.set(ownerId, [...rows]);
      size += rows.length;
      held += rows.length;
      if (size >= FLUSH_ROWS) void flush();
      else timer ??= setTimeout(() => void flush(), deps.flushMs ?? FLUSH_MS);
    },
    /** Writes what waits (tests, shutdown). */
    flush,
    close: () => flush(),
  };
}
export type FlowEventQueue = ReturnType<typeof createFlowEventQueue>;
