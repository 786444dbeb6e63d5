/**
 * What emitting code needs from realtime: the payments service (payment status, usage limit) and
 * the live tail send through this, and never see Socket.IO. `attachRealtime` implements it; a
 * node without sockets (ROLE=web, or tests) gets `silentNotifier`.
 */
export interface Realtime {
  /** Emits to every socket of one user, on whichever node it is connected. */
  emitToUser(userId: string, event: string, payload: unknown): void;
  /** Emits to a server-side room (e.g. a live tail) on every node. */
  emitToRoom(room: string, event: string, payload: unknown): void;
  /**
   * Whether anyone may be listening to a room: exact on one node; with Redis the room may live
   * on another node, so it answers true.
   */
  mayHaveListeners(room: string): boolean;
  close(): Promise<void>;
}

/** The notifier of a node that serves no sockets: every emit goes nowhere. */
export const silentNotifier: Realtime = {
  emitToUser: () => undefined,
  emitToRoom: () => undefined,
  mayHaveListeners: () => false,
  close: async () => undefined,
};

/** Live tail of one event code of one brand; joined only by the brand's owner. */
export const tailRoom = (brandId: number, event: string) => `tail:${brandId}:${event}`;

/** Live events: every code of one brand (a prefix no code room can take); owner only. */
export const tailAllRoom = (brandId: number) => `tail-all:${brandId}`;
