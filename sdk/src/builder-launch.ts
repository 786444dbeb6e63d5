/**
 * The builder's launch, part of sdk.js (docs/builder.md, "How a session runs"). Every byte here
 * ships to every visitor, who finds nothing to do: the builder itself is `/sdk-builder.js`.
 */

/**
 * Where the builder session lives in the tab: the exchange's answer (the token and what it is
 * bound to) as JSON. The builder bundle checks its expiry and removes it when it is dead.
 */
export const BUILDER_STORAGE_KEY = 'signpost:builder';

/** The builder bundle is an esbuild IIFE with `globalName: 'signpostBuilder'`. */
export interface BuilderModule {
  start(host: string): void;
}

let code: string | undefined;

/**
 * Takes the one-time code out of the address (`#signpost-builder=<code>`, BUILDER_FRAGMENT_KEY
 * of lib/contracts/builder-constants.ts) with `history.replaceState`. sdk.js calls it first
 * thing, before the SDK hooks history (the removal is no page view).
 */
export function takeBuilderCode(): void {
  code = /^#signpost-builder=([^&]+)/.exec(location.hash)?.[1];
  if (code) history.replaceState(history.state, '', location.pathname + location.search);
}

/**
 * At init, once the API host is known: trades the code for a builder token (once: the code is
 * forgotten at once) and keeps it in sessionStorage, or finds a session stored by an earlier page
 * of this tab; only then loads `{host}/sdk-builder.js`. Without either, nothing happens. May
 * throw (no storage): the caller guards it.
 */
export function startBuilder(host: string): void {
  const load = () => {
    const script = document.createElement('script');
    script.src = `${host}/sdk-builder.js`;
    script.onload = () =>
      (window as Window & { signpostBuilder?: BuilderModule }).signpostBuilder?.start(host);
    document.head.appendChild(script);
  };
  if (code)
    fetch(`${host}/v1/builder/exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      credentials: 'omit',
    })
      .then((res) => res.json())
      .then((body: { data: { token: string } }) => {
        // A refusal has no data: reading its token throws, and nothing loads.
        if (body.data.token) {
          sessionStorage.setItem(BUILDER_STORAGE_KEY, JSON.stringify(body.data));
          load();
        }
      })
      .catch(() => {});
  else if (sessionStorage.getItem(BUILDER_STORAGE_KEY)) load();
  code = undefined;
}
