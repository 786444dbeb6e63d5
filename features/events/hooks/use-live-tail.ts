import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useReducer } from 'react';
import { TAIL_LIMIT } from '@/lib/constants';
import type { TrackedEvent } from '@/lib/contracts/events';
import { getTail } from '@/api/events';
import type { ApiError } from '@/api/http';
import { eventKeys } from '../lib/query-keys';
import { INITIAL_TAIL, mergeTail, tailReducer } from '../lib/tail';
import { useTailRoom } from './use-tail-room';

/**
 * The live tail of one event code (of every code when `code` is null): the latest stored events
 * (GET tail), then every event the socket pushes, newest first; while paused, pushed events are
 * held and counted.
 */
export function useLiveTail(brandId: number, code: string | null, limit: number = TAIL_LIMIT) {
  const initial = useQuery<TrackedEvent[], ApiError>({
    queryKey: [...eventKeys.tail(brandId, code), limit],
    queryFn: ({ signal }) =>
      getTail(
        code === null
          ? { brand_id: brandId, limit }
          : { brand_id: brandId, event_name: code, limit },
        signal,
      ),
    // Always fresh on opening the page: the socket only brings what arrives from now on.
    staleTime: 0,
    gcTime: 0,
  });
  const [state, dispatch] = useReducer(tailReducer, INITIAL_TAIL);
  const onEvents = useCallback(
    (events: TrackedEvent[]) => dispatch({ type: 'received', events }),
    [],
  );
  const room = useTailRoom(brandId, code, onEvents);

  const events = useMemo(
    () => mergeTail(state.events, initial.data ?? []),
    [state.events, initial.data],
  );
  const heldCount = useMemo(() => {
    const shown = new Set(events.map((e) => e.message_id));
    return state.held.filter((e) => !shown.has(e.message_id)).length;
  }, [events, state.held]);

  return {
    initial,
    events,
    heldCount,
    paused: state.paused,
    pause: useCallback(() => dispatch({ type: 'pause' }), []),
    resume: useCallback(() => dispatch({ type: 'resume' }), []),
    ...room,
  };
}
