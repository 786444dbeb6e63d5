import { h } from '../renderer/dom';
import { FREE, hostStyle } from '../renderer/host-style';

/**
 * The builder's own shadow root: a fixed host the page's CSS cannot reach (inline `all: initial`
 * and the rest `!important`, like the tours' host), its styles inside the root. The host carries
 * `data-signpost-tour` so the target search (sdk/src/targets/dom.ts) never looks inside it.
 */

const CSS = `
:host{all:initial}
*{box-sizing:border-box}
.box{position:fixed;pointer-events:none;border:2px solid #2563eb;background:rgba(37,99,235,.12);border-radius:3px;display:none}
.box.sel{border-color:#db2777;background:rgba(219,39,119,.12)}
.bar{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);width:min(720px,calc(100vw - 32px));display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:10px 12px;background:#111827;color:#f9fafb;border-radius:10px;box-shadow:0 8px 30px rgba(0,0,0,.35);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;pointer-events:auto}
.info{flex:1 1 260px;min-width:0}
.info p{margin:0;overflow-wrap:anywhere}
.sub{color:#d1d5db;font-size:12px}
.grade{display:inline-block;padding:0 6px;border-radius:4px;background:#374151;font-weight:600}
button{font:inherit;padding:6px 10px;border-radius:6px;border:1px solid #4b5563;background:#1f2937;color:#f9fafb;cursor:pointer}
button.primary{background:#2563eb;border-color:#2563eb}
button:disabled{opacity:.5;cursor:default}
button:focus-visible{outline:2px solid #93c5fd;outline-offset:2px}
`;

export interface BuilderUi {
  host: HTMLElement;
  root: ShadowRoot;
  bar: HTMLElement;
  remove(): void;
}

/** Mounts the host with an empty bar (a labelled region) after `<body>`. */
export function mountUi(label: string): BuilderUi {
  const host = h('div', { 'data-signpost-tour': '', 'data-signpost-builder': '' });
  host.style.cssText = hostStyle(FREE, 2147483647);
  const root = host.attachShadow({ mode: 'open' });
  const bar = h('div', { class: 'bar', role: 'region', 'aria-label': label });
  root.append(h('style', {}, CSS), bar);
  document.documentElement.append(host);
  return { host, root, bar, remove: () => host.remove() };
}

/** A button of the bar, named by its text. */
export function button(text: string, onClick: () => void, primary = false): HTMLButtonElement {
  const el = h('button', { type: 'button', ...(primary && { class: 'primary' }) }, text);
  el.addEventListener('click', onClick);
  return el;
}
