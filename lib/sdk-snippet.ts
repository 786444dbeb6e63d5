/** Methods the snippet's stub queues until sdk.js has loaded (the SDK replays them in order). */
export const SNIPPET_METHODS = ['init', 'identify', 'track', 'page', 'reset', 'flush'] as const;

/** Where the snippet loads the SDK from and which product it reports to. */
export interface TrackingSnippetOptions {
  /** Origin of the Signpost server, e.g. `https://signpost.example.com`. */
  host: string;
  /** The product's public write key. */
  writeKey: string;
}

// A JS string literal that cannot end the inline <script> ("</script>", "<!--") or break on
// U+2028/U+2029 in older engines: JSON plus escapes of <, >, & and the two separators.
const jsString = (value: string) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The origin of an http(s) URL, without path or trailing slash. */
function origin(host: string): string {
  const url = new URL(host);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`The SDK host must be an http(s) URL, got "${host}"`);
  return url.origin;
}

/**
 * The two-line install snippet: an async script tag for `/sdk.js`, then a stub that queues calls
 * until the SDK loads (so the page never waits for it) and the `init` call with the write key.
 */
export function trackingSnippet({ host, writeKey }: TrackingSnippetOptions): string {
  const base = origin(host);
  const stub =
    `!function(w){var s=w.signpost=w.signpost||{q:[]};${JSON.stringify(SNIPPET_METHODS)}` +
    `.forEach(function(m){s[m]=s[m]||function(){s.q.push([m,[].slice.call(arguments)])}})}(window);`;
  const init = `signpost.init({writeKey:${jsString(writeKey)},host:${jsString(base)}})`;
  return (
    `<script async src="${attribute(`${base}/sdk.js`)}"></script>\n` +
    `<script>${stub}${init}</script>`
  );
}
