import { STEP_HTML } from '../../../lib/flows/allow-list';
import { isAllowedUrl } from './urls';

const TAGS = new Set(STEP_HTML.tags);
const DROPPED = new Set(STEP_HTML.droppedWithContent);
const URL_ATTRS = new Set(STEP_HTML.urlAttributes);
/** One more pass normally reaches a fixed point; the cap only guards against pathological input. */
const MAX_PASSES = 4;

/** Removes everything outside the allow-list from a parsed fragment, in place. */
function clean(root: DocumentFragment): void {
  // Collect first, then mutate: a TreeWalker loses its way when its current node is removed.
  const nodes: Node[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  const unwrap: Element[] = [];
  for (const node of nodes) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      (node as ChildNode).remove(); // comments, processing instructions, CDATA
      continue;
    }
    const el = node as Element;
    // Foreign (SVG, MathML) elements are dropped whole: their parsing rules differ from HTML's.
    if (!(el instanceof HTMLElement) || DROPPED.has(el.localName)) el.remove();
    // An `is` value stays on the element without its attribute: it would upgrade to the host
    // page's customised built-in once shown (docs/flows.md "Sanitising"), so it is unwrapped.
    else if (!TAGS.has(el.localName) || el.hasAttribute('is')) unwrap.push(el);
    else scrubAttributes(el);
  }
  for (const el of unwrap) el.replaceWith(...Array.from(el.childNodes));
}

function scrubAttributes(el: Element): void {
  const tag = el.localName;
  const allowed = STEP_HTML.attributes[tag] ?? [];
  const schemes = STEP_HTML.schemesByTag[tag] ?? STEP_HTML.schemes;
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    const keep =
      allowed.includes(name) &&
      !name.startsWith('on') &&
      (!URL_ATTRS.has(name) || isAllowedUrl(attr.value, schemes));
    if (!keep) el.removeAttributeNode(attr);
  }
  if (tag === 'a') {
    // Links leave the page in a new tab, without handing it a window.opener.
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', STEP_HTML.linkRel);
  }
}

/** Parses HTML inertly (a template's content runs no script and loads nothing) and cleans it. */
function parseClean(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content);
  return template.content;
}

function serialize(fragment: DocumentFragment): string {
  const template = document.createElement('template');
  template.content.append(fragment);
  return template.innerHTML;
}

/**
 * Step content reduced to the shared allow-list (`lib/flows/allow-list.ts`). Serialising and
 * parsing again can reshape a tree (mis-nested tags), so it repeats until the output is stable:
 * the result is idempotent and parses back to exactly what was checked.
 */
export function sanitizeStepContent(html: string): string {
  let out = serialize(parseClean(html));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const again = serialize(parseClean(out));
    if (again === out) return out;
    out = again;
  }
  // Never stable: keep only the text, which always is.
  const text = document.createElement('template');
  text.content.append(parseClean(out).textContent ?? '');
  return text.innerHTML;
}

/**
 * Sanitised step content as nodes, ready to append: the cleaned tree itself, never serialised and
 * parsed again before it shows, so no reshaping by the parser can bring back what was removed
 * (the fixed point above is for callers that need the HTML text).
 */
export function sanitizedFragment(html: string): DocumentFragment {
  return parseClean(html);
}
