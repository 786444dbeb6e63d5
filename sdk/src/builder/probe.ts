import type { BuilderExchange } from '../../../lib/contracts/builder';
import type { BuilderProbe } from '../../../lib/contracts/builder-probe';
import { callApi } from './api';

/**
 * The picker's side of the live match count (docs/builder.md, "Live match count"): while the
 * picker is open and its tab visible, it asks the server every second for a selector the
 * editor typed (`GET /v1/builder/probe`) and answers with how many elements it matches on this
 * page (`PUT /v1/builder/probe`). A hidden tab stops asking until it is shown again; an expired
 * token stops for good, and so does a refused one (401 or 403: revoked, its tour deleted). Any
 * other failed ask (429, a network error) doubles the wait before the next, up to
 * PROBE_MAX_WAIT_MS; an answered one brings it back to every second.
 */

/** How often an open, visible picker asks. */
export const PROBE_POLL_MS = 1000;
/** The longest wait between two asks while they keep failing. */
export const PROBE_MAX_WAIT_MS = 10_000;

/** Starts polling; returns the function that stops it. */
export function pollProbes(
  host: string,
  session: Pick<BuilderExchange, 'token' | 'expires_at'>,
  count: (selector: string) => number,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let stopped = false;
  let wait = PROBE_POLL_MS;
  const alive = () => !stopped && Date.parse(session.expires_at) > Date.now();

  async function tick(): Promise<void> {
    timer = undefined;
    if (busy || !alive() || document.hidden) return;
    busy = true;
    const next = await callApi<BuilderProbe>(host, session.token, 'GET', 'probe');
    wait = next.ok ? PROBE_POLL_MS : Math.min(2 * wait, PROBE_MAX_WAIT_MS);
    if (!next.ok && (next.status === 401 || next.status === 403)) stopped = true;
    if (next.ok && next.data && alive()) {
      const { id, selector } = next.data;
      let n = 0;
      try {
        n = count(selector);
      } catch {
        // not a selector this browser reads: it matches nothing
      }
      await callApi(host, session.token, 'PUT', 'probe', { id, count: n });
    }
    busy = false;
    if (alive() && !document.hidden) timer = setTimeout(() => void tick(), wait);
  }
  const onVisibility = () => {
    if (!document.hidden && !timer) void tick();
  };
  document.addEventListener('visibilitychange', onVisibility);
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
