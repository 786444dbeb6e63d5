import type { AnalyticsStore } from './types';

/**
 * How long `/readyz` waits for the analytics store's ping. Past it the store counts as slow, not
 * dead: `/readyz` answers within a second whatever the analytics queue holds
 * (docs/reports.md, "Sharing the analytics engine").
 */
export const READY_PING_MS = 800;

/** `ready`: the ping answered; `slow`: not within `ms`; `down`: it was refused. */
export async function analyticsReadiness(
  store: Pick<AnalyticsStore, 'ping'>,
  ms = READY_PING_MS,
): Promise<'ready' | 'slow' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), ms);
  });
  try {
    return await Promise.race([
      store.ping().then(
        () => 'ready' as const,
        () => 'down' as const,
      ),
      slow,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
