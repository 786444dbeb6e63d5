import { useEffect, useRef, useState } from 'react';
import { TAIL_SOCKET_EVENTS } from '@/lib/constants';
import type { TailSocketPayload, TrackedEvent } from '@/lib/contracts/events';
import { useSocket } from '@/components/providers/socket-provider';

/** How often to look for the socket while the provider has not opened it yet. */
const SOCKET_RETRY_MS = 1000;

interface JoinAck {
  ok: boolean;
  message?: string;
}

export interface TailRoomStatus {
  /** Joined: new events of this (product, event) arrive. */
  live: boolean;
  /** Why the server refused to join, when it did. */
  refusal: string | null;
}

/**
 * Joins the live-tail room of one event code (of every code when `code` is null: Live events) on
 * the app's socket (again after every reconnect), hands each pushed batch to `onEvents` and
 * leaves the room on unmount.
 */
export function useTailRoom(
  brandId: number,
  code: string | null,
  onEvents: (events: TrackedEvent[]) => void,
): TailRoomStatus {
  const { getSocket } = useSocket();
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<TailRoomStatus & { room: string | null }>({
    live: false,
    refusal: null,
    room: null,
  });
  const room = code === null ? `${brandId}:*all` : `${brandId}:code:${code}`;
  const onEventsRef = useRef(onEvents);
  useEffect(() => {
    onEventsRef.current = onEvents;
  });

  useEffect(() => {
    const socket = getSocket();
    // The provider opens the socket in its own effect (after ours on a first render): retry.
    if (!socket) {
      const delay = attempt === 0 ? 0 : SOCKET_RETRY_MS;
      const timer = setTimeout(() => setAttempt((n) => n + 1), delay);
      return () => clearTimeout(timer);
    }
    let active = true;
    const target = code === null ? { brand_id: brandId } : { brand_id: brandId, event_name: code };
    const join = () =>
      socket.emit(TAIL_SOCKET_EVENTS.JOIN, target, (ack?: JoinAck) => {
        if (!active) return;
        const ok = ack?.ok === true;
        setStatus({ live: ok, refusal: ok ? null : (ack?.message ?? null), room });
      });
    const onEvent = (payload: TailSocketPayload) => {
      if (payload.brand_id === brandId && (payload.event_name ?? null) === code)
        onEventsRef.current(payload.events);
    };
    const onDisconnect = () => setStatus({ live: false, refusal: null, room });
    socket.on(TAIL_SOCKET_EVENTS.EVENT, onEvent);
    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) join();
    return () => {
      active = false;
      socket.off(TAIL_SOCKET_EVENTS.EVENT, onEvent);
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(TAIL_SOCKET_EVENTS.LEAVE, target);
    };
  }, [getSocket, brandId, code, room, attempt]);

  // A status of another room (before a change of event) does not count.
  return status.room === room
    ? { live: status.live, refusal: status.refusal }
    : { live: false, refusal: null };
}
