import type { TrackedEvent } from '@/lib/contracts/events';

/** The live tail keeps at most this many rows in memory. */
export const TAIL_CAP = 200;

const time = (e: TrackedEvent) => {
  const t = Date.parse(e.timestamp);
  return Number.isNaN(t) ? 0 : t;
};

/**
 * Newest first, each message once (a socket push may repeat what the initial load returned),
 * at most `cap` rows.
 */
export function mergeTail(
  current: readonly TrackedEvent[],
  incoming: readonly TrackedEvent[],
  cap = TAIL_CAP,
): TrackedEvent[] {
  const seen = new Set<string>();
  const merged: TrackedEvent[] = [];
  for (const e of [...incoming, ...current]) {
    if (seen.has(e.message_id)) continue;
    seen.add(e.message_id);
    merged.push(e);
  }
  // Stable sort: rows with the same time keep arrival order (the newest arrival first).
  return merged.sort((a, b) => time(b) - time(a)).slice(0, cap);
}

export interface TailState {
  events: TrackedEvent[];
  /** Arrived while paused: shown on resume. */
  held: TrackedEvent[];
  paused: boolean;
}

export type TailAction =
  | { type: 'loaded'; events: TrackedEvent[] }
  | { type: 'received'; events: TrackedEvent[] }
  | { type: 'pause' }
  | { type: 'resume' };

export const INITIAL_TAIL: TailState = { events: [], held: [], paused: false };

export function tailReducer(state: TailState, action: TailAction): TailState {
  switch (action.type) {
    case 'loaded':
      return { ...state, events: mergeTail(state.events, action.events) };
    case 'received': {
      if (!state.paused) return { ...state, events: mergeTail(state.events, action.events) };
      const shown = new Set(state.events.map((e) => e.message_id));
      const fresh = action.events.filter((e) => !shown.has(e.message_id));
      return { ...state, held: mergeTail(state.held, fresh) };
    }
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { events: mergeTail(state.events, state.held), held: [], paused: false };
  }
}
