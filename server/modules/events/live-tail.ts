import { TAIL_SOCKET_EVENTS } from '../../../lib/constants';
import type { EventRow } from '../../analytics/types';
import { tailAllRoom, tailRoom, type Realtime } from '../../realtime/notifier';
import { toTrackedEventDto } from './events.service';

/** At most this many events in one push to a room (the newest of the batch). */
export const TAIL_PUSH_MAX_EVENTS = 50;
/** And at most about this many bytes of properties and context in one push. */
export const TAIL_PUSH_MAX_BYTES = 256 * 1024;
/** What a row costs besides its properties and context (ids, url, times, names). */
const ROW_OVERHEAD_BYTES = 512;

const rowBytes = (r: EventRow) =>
  ROW_OVERHEAD_BYTES +
  (r.propertiesJson?.length ?? JSON.stringify(r.properties).length) +
  (r.contextJson?.length ?? JSON.stringify(r.context).length);

/**
 * The newest rows of a batch within the push bounds, newest first. A batch of thousands of
 * 32 KB events must not become one multi-megabyte socket message; the page shows the newest
 * few anyway (and reloads the rest from GET tail).
 */
export function boundPush(rows: readonly EventRow[]): EventRow[] {
  const newest = [...rows]
    .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
    .slice(0, TAIL_PUSH_MAX_EVENTS);
  const kept: EventRow[] = [];
  let bytes = 0;
  for (const r of newest) {
    bytes += rowBytes(r);
    // The first row always goes: ingestion already bounds one event (INGEST_MAX_EVENT_BYTES).
    if (kept.length > 0 && bytes > TAIL_PUSH_MAX_BYTES) break;
    kept.push(r);
  }
  return kept;
}

/**
 * The live tails: committed rows go to the room of their brand and event code (an event's page)
 * and to their brand's every-code room (Live events), one bounded message per room and batch,
 * and only to rooms someone may be listening to.
 */
export function createLiveTail(realtime: Realtime): (rows: EventRow[]) => void {
  return (rows) => {
    const groups = new Map<string, { brandId: number; event: string | null; rows: EventRow[] }>();
    const add = (room: string, brandId: number, event: string | null, r: EventRow) => {
      const group = groups.get(room);
      if (group) group.rows.push(r);
      else groups.set(room, { brandId, event, rows: [r] });
    };
    for (const r of rows) {
      const room = tailRoom(r.brandId, r.event);
      if (realtime.mayHaveListeners(room)) add(room, r.brandId, r.event, r);
      const all = tailAllRoom(r.brandId);
      if (realtime.mayHaveListeners(all)) add(all, r.brandId, null, r);
    }
    for (const [room, group] of groups)
      realtime.emitToRoom(room, TAIL_SOCKET_EVENTS.EVENT, {
        brand_id: group.brandId,
        event_name: group.event,
        events: boundPush(group.rows).map(toTrackedEventDto),
      });
  };
}
