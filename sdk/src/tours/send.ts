import { retryDelay } from '../core/backoff';
import { post } from '../core/transport';

/** Tries per call: the first send and five retries (about 30 s of backoff at most). */
export const MAX_TRIES = 6;

let chain: Promise<void> = Promise.resolve();

/**
 * POSTs a tour's call (track, done) as text/plain JSON with `keepalive`, so it outlives a page
 * that navigates away. Calls go one after another, in the order made: the server reads a click
 * before the end of the tour it caused. Network errors, 429 and 5xx are retried with backoff
 * (Retry-After is a floor), other answers are final. Resolves once this call is settled; never
 * rejects.
 */
export function send(url: string, body: object): Promise<void> {
  const json = JSON.stringify(body);
  const run = async () => {
    for (let tries = 1; ; tries++) {
      const { status, retryAfter } = await post(url, json, true);
      if ((status && status !== 429 && status < 500) || tries >= MAX_TRIES) return;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(tries - 1, retryAfter)));
    }
  };
  return (chain = chain.then(run, run));
}
