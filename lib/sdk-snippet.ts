import {
  BUILDER_CODE_STORAGE_KEY,
  BUILDER_FRAGMENT_KEY,
  BUILDER_PAGE_KEY_STORAGE_KEY,
  BUILDER_STORAGE_KEY,
} from './contracts/builder-constants';

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
 * The builder's launch, first thing in the snippet (docs/builder.md, "Launch"): a fragment
 * `#signpost-builder=<code>` is removed with `history.replaceState` (path, query and
 * `history.state` kept) before sdk.js or any later script can see it, the code goes to
 * sessionStorage with the snippet's write key (the exchange proves the page is the product's), and `{host}/sdk-builder.js` is loaded; a stored code or session (a later page
 * of the tab) loads it too. Anything else, every visitor's page, does nothing more. Storage that
 * throws: nothing happens.
 */
function builderLaunch(base: string, writeKey: string): string {
  return (
    `!function(w,d){try{var s=w.sessionStorage,l=w.location,h=w.history,` +
    `m=/^#${BUILDER_FRAGMENT_KEY}=([^&]+)/.exec(l.hash),c=${jsString(BUILDER_CODE_STORAGE_KEY)},e;` +
    `if(m){h.replaceState(h.state,"",l.pathname+l.search);s.setItem(c,m[1]);` +
    `s.setItem(${jsString(BUILDER_PAGE_KEY_STORAGE_KEY)},${jsString(writeKey)})}` +
    `if(s.getItem(c)||s.getItem(${jsString(BUILDER_STORAGE_KEY)})){e=d.createElement("script");` +
    `e.async=!0;e.src=${jsString(`${base}/sdk-builder.js`)};d.head.appendChild(e)}}catch(x){}}` +
    `(window,document);`
  );
}

/**
 * The two-line install snippet: an inline script that starts the builder when the address or the
 * tab asks for it, then a stub that queues calls until the SDK loads (so the page never waits for
 * it) and the `init` call with the write key; then the async script tag for `/sdk.js`, after the
 * inline script so that the builder's fragment is gone before sdk.js runs.
 */
export function trackingSnippet({ host, writeKey }: TrackingSnippetOptions): string {
  const base = origin(host);
  const stub =
    `!function(w){var s=w.signpost=w.signpost||{q:[]};${JSON.stringify(SNIPPET_METHODS)}` +
    `.forEach(function(m){s[m]=s[m]||function(){s.q.push([m,[].slice.call(arguments)])}})}(window);`;
  const init = `signpost.init({writeKey:${jsString(writeKey)},host:${jsString(base)}})`;
  return (
    `<script>${builderLaunch(base, writeKey)}${stub}${init}</script>\n` +
    `<script async src="${attribute(`${base}/sdk.js`)}"></script>`
  );
}
