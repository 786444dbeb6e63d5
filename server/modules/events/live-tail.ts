import { TAIL_SOCKET_EVENTS } from '../../../lib/constants';
import type { EventRow } from '../../analytics/types';
import { tailRoom, type Realtime } from '../../realtime/notifier';
import { toTrackedEventDto } from './events.service';

/**
 * The live tail of the event details page: committed rows go to the room of their brand and
 * event code, one message per room and batch, and only to rooms someone may be listening to.
 */
export function createLiveTail(realtime: Realtime): (rows: EventRow[]) => void {
  return (rows) => {
    const groups = new Map<string, EventRow[]>();
    for (const r of rows) {
      const room = tailRoom(r.brandId, r.event);
      if (!realtime.mayHaveListeners(room)) continue;
      const list = groups.get(room);
      if (list) list.push(r);
      else groups.set(room, [r]);
    }
    for (const [room, list] of groups)
      realtime.emitToRoom(room, TAIL_SOCKET_EVENTS.EVENT, {
        brand_id: list[0]!.brandId,
        event_name: list[0]!.event,
        events: list.map(toTrackedEventDto),
      });
  };
}
