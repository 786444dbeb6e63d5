import type { FlowAnswer } from '../types';
import { retryDelay } from '../core/backoff';
import { guard, warn } from '../core/guard';
import { post } from '../core/transport';
import { loadToursBundle, toursModule } from './loader';

/** The catalogue's wording (lib/messages.ts, MESSAGES.flows.failedToGetAvailable; ask.test.ts). */
export const failedToGetAvailable = (m: string) => `Failed to get available flow: ${m}`;

/** Where to ask: the server and write key of the client, or null when it must not ask. */
export type AskTarget = { host: string; writeKey: string } | null;

/**
 * Asks `POST {host}/v1/flows/available-flow` which tour to show (docs/flows.md, "Runtime API")
 * with the visitor, the page and the session on screen. One request in flight at a time: a call
 * meanwhile sends again once it has answered, and only that newer answer is used (the latest
 * wins). Network errors, 429 and 5xx are retried with the tracking queue's backoff; other answers
 * are final. An answer with a tour on this page loads the tours bundle once and hands it
 * `show(answer)`; once loaded, the bundle gets every answer. Never throws.
 */
export function createAsk(
  target: () => AskTarget,
  visitor: () => object,
  /** `init({debug: true})`: a failed ask is logged with the server's message. */
  debug: () => boolean = () => false,
): { ask: () => void; stop: () => void } {
  let state = 0; // 0 idle, 1 in flight, 2 in flight and asked again
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (answer: FlowAnswer, to: NonNullable<AskTarget>) => {
    if (!target()) return; // torn down (or the key refused) while the ask was in flight
    // A tour for another page (on_this_page false) needs no bundle here.
    if (answer?.session.on_this_page || toursModule())
      void loadToursBundle(to.host).then(
        guard((tours) => tours?.show(answer, { ...to, ask: safeAsk }), undefined),
      );
  };

  const ask = () => {
    const to = target();
    if (!to) return;
    if (state) return void (state = 2);
    // While a failed ask waits for its backoff, asking again (the 3 s poll, a URL change) waits
    // too: the retry sends the page as it is then.
    if (timer !== undefined) return;
    state = 1;
    const body = JSON.stringify({
      writeKey: to.writeKey,
      ...visitor(),
      url: location.href,
      session_id: toursModule()?.session(),
      viewport: { width: innerWidth, height: innerHeight },
      locale: navigator.language,
    });
    void post(`${to.host}/v1/flows/available-flow`, body).then(
      guard(({ status, retryAfter, body: answer, message }) => {
        const again = state > 1;
        state = 0;
        if ((status < 200 || status > 299) && debug())
          warn(failedToGetAvailable(message ?? (status ? `HTTP ${status}` : 'network error')));
        if (again) safeAsk();
        else if (status > 199 && status < 300) {
          attempt = 0;
          deliver((answer as { data?: FlowAnswer } | undefined)?.data ?? null, to);
        } else if (!status || status === 429 || status > 499)
          timer = setTimeout(
            () => {
              timer = undefined;
              safeAsk();
            },
            retryDelay(attempt++, retryAfter),
          );
      }, undefined),
    );
  };
  const safeAsk = () => {
    try {
      ask();
    } catch (err) {
      state = 0; // a failure before the request left must not block the next ask
      warn(err);
    }
  };
  return {
    ask: safeAsk,
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
