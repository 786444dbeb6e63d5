import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH } from '@/lib/constants';
import { publicEnv } from '@/lib/public-env';
import { isPaymentStatusEvent, isUsageLimitEvent } from '@/lib/realtime-events';
import type { Payment } from '@/lib/contracts/payments';
import { realtimeKeys, userKeys } from '@/hooks/query-keys';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useToken } from '@/hooks/use-token';

/** What components can do with the realtime connection. */
export interface SocketContextValue {
  /** The live socket, if connected (read it in handlers, not during render). */
  getSocket: () => Socket | null;
  /** Closes the connection now (logout). */
  close: () => void;
}

const SocketContext = createContext<SocketContextValue>({ getSocket: () => null, close: () => {} });

export const useSocket = () => useContext(SocketContext);

function socketUrl(): string {
  return publicEnv.apiUrl() || window.location.origin;
}

type RealtimeClient = typeof import('socket.io-client');
let client: RealtimeClient | null = null;
let loading: Promise<RealtimeClient> | null = null;

/**
 * Loads the Socket.IO client once. It is not part of any page's first load
 * (docs/performance.md, "Route weight"): the provider asks for it when a session exists, and
 * connects as soon as it has arrived (at once when it already has).
 */
export function loadRealtimeClient(): Promise<RealtimeClient> {
  loading ??= import('socket.io-client').then((m) => (client = m));
  // A failed download (network gone) must not stick: the next session start tries again.
  loading.catch(() => (loading = null));
  return loading;
}

/** `npm run dev:mock` has no realtime server to talk to. */
const REALTIME_ENABLED = !publicEnv.apiMocking();

/**
 * One Socket.IO connection per signed-in session
 * (docs/product/screens.md#22-layout-and-session-rules): connects when a token exists, joins the
 * user's room once the user is known, and turns PAYMENT_STATUS and USAGE_LIMIT pushes into cache
 * updates.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const { data: user } = useCurrentUser();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const socketRef = useRef<Socket | null>(null);
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!token || !REALTIME_ENABLED) return;
    let cancelled = false;
    let opened: Socket | null = null;
    const connect = ({ io }: RealtimeClient) => {
      if (cancelled) return;
      const live = io(socketUrl(), {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: { token },
        reconnection: true,
      });
      opened = live;
      socketRef.current = live;
      live.on(SOCKET_EVENTS.PAYMENT_STATUS, (payload: unknown) => {
        if (isPaymentStatusEvent(payload)) {
          const event = payload;
          queryClient.setQueryData(realtimeKeys.paymentStatus, event);
          // The checkout screen reads the payment itself: the pushed status lands there at once.
          queryClient.setQueryData<Payment>(userKeys.payment(event.payment_id), (old) =>
            old ? { ...old, status: event.status, failure_message: event.message } : old,
          );
        }
        // Subscription, payment history and methods all live under the user's `me` prefix.
        void queryClient.invalidateQueries({ queryKey: userKeys.me });
      });
      live.on(SOCKET_EVENTS.USAGE_LIMIT, (payload: unknown) => {
        if (isUsageLimitEvent(payload))
          queryClient.setQueryData(realtimeKeys.usageLimit, {
            mau_count: payload.mau_count,
            mau_limit: payload.mau_limit,
            at: Date.now(),
          });
        void queryClient.invalidateQueries({ queryKey: userKeys.subscription });
      });
      setSocket(live);
    };
    if (client) connect(client);
    else
      loadRealtimeClient()
        .then(connect)
        .catch(() => undefined);
    return () => {
      cancelled = true;
      if (!opened) return;
      opened.removeAllListeners();
      opened.disconnect();
      if (socketRef.current === opened) socketRef.current = null;
      setSocket((current) => (current === opened ? null : current));
    };
  }, [token, queryClient]);

  useEffect(() => {
    if (!socket || !userId) return;
    const join = () => socket.emit(SOCKET_EVENTS.USER_JOIN_ROOM, { room_id: userId });
    // Rooms are per connection: join now if connected, and again after every reconnect.
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket, userId]);

  const getSocket = useCallback(() => socketRef.current, []);
  const close = useCallback(() => {
    socketRef.current?.disconnect();
    socketRef.current = null;
  }, []);
  const value = useMemo(() => ({ getSocket, close }), [getSocket, close]);

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}
