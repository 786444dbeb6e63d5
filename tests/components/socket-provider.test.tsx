import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@/lib/constants';
import {
  loadRealtimeClient,
  SocketProvider,
  useSocket,
  type SocketContextValue,
} from '@/components/providers/socket-provider';
import { realtimeKeys, userKeys } from '@/hooks/query-keys';
import { clearToken } from '@/api/token';
import { renderWithProviders, signInAs } from './test-utils';

type Listener = (...args: unknown[]) => void;

// socket.io-client is a transport we do not own: a fake socket records what the app does with it.
const fake = vi.hoisted(() => {
  const state = {
    options: null as unknown,
    url: '' as string,
    listeners: new Map<string, Set<(...args: unknown[]) => void>>(),
    emitted: [] as [string, unknown][],
    connected: false,
    disconnects: 0,
  };
  const socket = {
    get connected() {
      return state.connected;
    },
    on(event: string, fn: (...args: unknown[]) => void) {
      const set = state.listeners.get(event) ?? new Set();
      set.add(fn);
      state.listeners.set(event, set);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      state.listeners.get(event)?.delete(fn);
      return socket;
    },
    removeAllListeners() {
      state.listeners.clear();
      return socket;
    },
    emit(event: string, payload: unknown) {
      state.emitted.push([event, payload]);
      return socket;
    },
    disconnect() {
      state.disconnects += 1;
      state.connected = false;
      return socket;
    },
  };
  return { state, socket };
});

vi.mock('socket.io-client', () => ({
  io: vi.fn((url: string, options: unknown) => {
    fake.state.url = url;
    fake.state.options = options;
    return fake.socket;
  }),
}));

function fire(event: string, ...args: unknown[]) {
  fake.state.listeners.get(event)?.forEach((fn: Listener) => fn(...args));
}

function CloseButton() {
  const { close }: SocketContextValue = useSocket();
  return (
    <button type="button" onClick={close}>
      close
    </button>
  );
}

describe('SocketProvider', () => {
  // The client is loaded on demand in the app; loaded here first, connecting is immediate.
  beforeAll(() => loadRealtimeClient());
  beforeEach(() => {
    Object.assign(fake.state, {
      options: null,
      url: '',
      listeners: new Map(),
      emitted: [],
      connected: false,
      disconnects: 0,
    });
  });

  it('does not connect without a token', () => {
    renderWithProviders(<SocketProvider>x</SocketProvider>);
    expect(fake.state.options).toBeNull();
  });

  it('connects over websocket with the token and joins the user room once the user is known', async () => {
    const { user, token } = signInAs();
    renderWithProviders(
      <SocketProvider>
        <CloseButton />
      </SocketProvider>,
    );
    expect(fake.state.url).toBe(window.location.origin);
    expect(fake.state.options).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
    });

    act(() => {
      fake.state.connected = true;
      fire('connect');
    });
    await waitFor(() =>
      expect(fake.state.emitted).toContainEqual([
        SOCKET_EVENTS.USER_JOIN_ROOM,
        { room_id: user.id },
      ]),
    );

    // Rooms are per connection: a reconnect joins again.
    act(() => fire('connect'));
    expect(
      fake.state.emitted.filter(([e]) => e === SOCKET_EVENTS.USER_JOIN_ROOM).length,
    ).toBeGreaterThanOrEqual(2);

    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(fake.state.disconnects).toBe(1);
  });

  it('turns PAYMENT_STATUS into a subscription refresh and disconnects when the token goes', async () => {
    signInAs({ plan: 'free' });
    const { queryClient } = renderWithProviders(<SocketProvider>x</SocketProvider>);
    queryClient.setQueryData(userKeys.subscription, { stale: true });

    act(() => fire(SOCKET_EVENTS.PAYMENT_STATUS, { status: 'active' }));
    await waitFor(() =>
      expect(queryClient.getQueryState(userKeys.subscription)?.isInvalidated).toBe(true),
    );

    act(() => clearToken());
    expect(fake.state.disconnects).toBe(1);
  });

  it('writes a pushed payment status into that payment, and a USAGE_LIMIT push into the cache', async () => {
    signInAs({ plan: 'free' });
    const { queryClient } = renderWithProviders(<SocketProvider>x</SocketProvider>);
    queryClient.setQueryData(userKeys.payment(7), {
      id: 7,
      status: 'pending',
      failure_message: null,
      plan_code: 'growth',
    });

    act(() =>
      fire(SOCKET_EVENTS.PAYMENT_STATUS, {
        payment_id: 7,
        status: 'failed',
        plan_code: 'free',
        message: 'Your card was declined.',
      }),
    );
    expect(queryClient.getQueryData(userKeys.payment(7))).toMatchObject({
      status: 'failed',
      failure_message: 'Your card was declined.',
    });
    expect(queryClient.getQueryData(realtimeKeys.paymentStatus)).toMatchObject({ payment_id: 7 });

    // A payload that is not a payment status changes no payment.
    act(() => fire(SOCKET_EVENTS.PAYMENT_STATUS, { payment_id: 'x', status: 'paid' }));
    expect(queryClient.getQueryData(userKeys.payment(7))).toMatchObject({ status: 'failed' });

    queryClient.setQueryData(userKeys.subscription, { stale: true });
    act(() => fire(SOCKET_EVENTS.USAGE_LIMIT, { mau_count: 1000, mau_limit: 1000 }));
    expect(queryClient.getQueryData(realtimeKeys.usageLimit)).toMatchObject({
      mau_count: 1000,
      mau_limit: 1000,
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(userKeys.subscription)?.isInvalidated).toBe(true),
    );
  });
});
