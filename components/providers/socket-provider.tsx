import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type ReactNode,
} from 'react';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, SOCKET_PATH } from '@/lib/constants';
import { paymentStatusEventSchema, usageLimitEventSchema } from '@/lib/contracts/payments';
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
  return process.env.NEXT_PUBLIC_API_URL || window.location.origin;
}

/** `npm run dev:mock` has no realtime server to talk to. */
const REALTIME_ENABLED = process.env.NEXT_PUBLIC_API_MOCKING !== 'enabled';

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

  useEffect(() => {
    if (!token || !REALTIME_ENABLED) return;
    const socket = io(socketUrl(), {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
    });
    socketRef.current = socket;
    socket.on(SOCKET_EVENTS.PAYMENT_STATUS, (payload: unknown) => {
      const parsed = paymentStatusEventSchema.safeParse(payload);
      if (parsed.success) {
        const event = parsed.data;
        queryClient.setQueryData(realtimeKeys.paymentStatus, event);
        // The checkout screen reads the payment itself: the pushed status lands there at once.
        queryClient.setQueryData<Payment>(userKeys.payment(event.payment_id), (old) =>
          old ? { ...old, status: event.status, failure_message: event.message } : old,
        );
      }
      // Subscription, payment history and methods all live under the user's `me` prefix.
      void queryClient.invalidateQueries({ queryKey: userKeys.me });
    });
    socket.on(SOCKET_EVENTS.USAGE_LIMIT, (payload: unknown) => {
      const parsed = usageLimitEventSchema.safeParse(payload);
      if (parsed.success)
        queryClient.setQueryData(realtimeKeys.usageLimit, { ...parsed.data, at: Date.now() });
      void queryClient.invalidateQueries({ queryKey: userKeys.subscription });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      if (socketRef.current === socket) socketRef.current = null;
    };
  }, [token, queryClient]);

  useEffect(() => {
    const socket = socketRef.current;
    if (!socket || !userId) return;
    const join = () => socket.emit(SOCKET_EVENTS.USER_JOIN_ROOM, { room_id: userId });
    // Rooms are per connection: join now if connected, and again after every reconnect.
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [userId, token]);

  const getSocket = useCallback(() => socketRef.current, []);
  const close = useCallback(() => {
    socketRef.current?.disconnect();
    socketRef.current = null;
  }, []);
  const value = useMemo(() => ({ getSocket, close }), [getSocket, close]);

  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}
