import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * socket.io-client is a transport we do not own: this fake socket records what the app does with
 * it and answers a tail join with the configured acknowledgement. Use it with
 * `vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule)`.
 */
type Fn = (...args: unknown[]) => void;
const state = {
  listeners: new Map<string, Set<Fn>>(),
  emitted: [] as [string, unknown][],
  connected: true,
  joinAck: { ok: true } as { ok: boolean; message?: string },
};
const socket = {
  get connected() {
    return state.connected;
  },
  on(event: string, fn: Fn) {
    const set = state.listeners.get(event) ?? new Set();
    set.add(fn);
    state.listeners.set(event, set);
    return socket;
  },
  off(event: string, fn: Fn) {
    state.listeners.get(event)?.delete(fn);
    return socket;
  },
  removeAllListeners() {
    state.listeners.clear();
    return socket;
  },
  emit(event: string, payload: unknown, ack?: unknown) {
    state.emitted.push([event, payload]);
    if (event === 'tail-join' && typeof ack === 'function') ack(state.joinAck);
    return socket;
  },
  disconnect() {
    state.connected = false;
    return socket;
  },
};

export const fake = { state, socket };
export const socketModule = { io: vi.fn(() => socket) };

/** A connected socket with no listeners, nothing emitted, joins accepted. */
export function resetFakeSocket() {
  Object.assign(state, {
    listeners: new Map(),
    emitted: [],
    connected: true,
    joinAck: { ok: true },
  });
}

/** What the server would send: runs the app's listeners of `event`. */
export function fire(event: string, ...args: unknown[]) {
  act(() => state.listeners.get(event)?.forEach((fn) => fn(...args)));
}
