/**
 * What the picker and the resolver read of an element, computed the same way on both sides
 * (docs/flows.md, "Targets"). Kept small: it ships in the tours bundle.
 */

/** The role older picks stored: the `role` attribute, else the tag (an input adds its type). */
export const tagRoleOf = (el: Element): string =>
  el.getAttribute('role') ||
  el.tagName.toLowerCase() + (el.tagName === 'INPUT' ? `:${(el as HTMLInputElement).type}` : '');

/**
 * The element's role: its `role` attribute, else its implicit ARIA role (`<button>`, `<a href>`
 * a link, `<h2>` a heading, a checkbox input, a `<select>` a combobox, `<img>`…), else its tag
 * (an input adds its type). The picker and the resolver's contradiction check both read it.
 * Common roles only: each byte here ships in the tours bundle.
 */
export function roleOf(el: Element): string {
  const role = tagRoleOf(el);
  return role === 'a' && el.hasAttribute('href')
    ? 'link'
    : role
        .replace(/^h\d$/, 'heading')
        .replace(/^nav$/, 'navigation')
        .replace(/^select$/, 'combobox')
        .replace(/^input:(checkbox|radio)$/, '$1')
        .replace(/^input:(button|submit|reset|image)$/, 'button')
        .replace(/^(textarea|input:(text|email|tel|url|search))$/, 'textbox');
}

const squeeze = (s: string | null | undefined) =>
  (s || '').replace(/\s+/g, ' ').trim().slice(0, 80);

/** The element's visible text, whitespace folded, at most 80 characters. */
export const textOf = (el: Element): string => squeeze(el.textContent);

/** The accessible name, simplified: aria-label, alt, title, placeholder, then the text. */
export const nameOf = (el: Element): string =>
  squeeze(
    el.getAttribute('aria-label') ||
      el.getAttribute('alt') ||
      el.getAttribute('title') ||
      el.getAttribute('placeholder') ||
      el.textContent,
  );

/**
 * Every tree a target may live in, from `root`: the document (or element), each open shadow root
 * and each same-origin iframe's document, recursively; not the tour's own shadow root.
 */
export function treesOf(root: Document | Element | ShadowRoot): ParentNode[] {
  const out: ParentNode[] = [root];
  for (const tree of out)
    for (const el of Array.from(tree.querySelectorAll('*'))) {
      // A tour's own shadow root (sdk/src/renderer/player.ts) is never a target.
      if (el.shadowRoot && !el.hasAttribute('data-signpost-tour')) out.push(el.shadowRoot);
      try {
        const doc = (el as HTMLIFrameElement).contentDocument;
        if (el.tagName === 'IFRAME' && doc) out.push(doc);
      } catch {
        // another origin's frame: not ours to search
      }
    }
  return out;
}

/** Elements matching `selector` in every tree; an invalid selector matches nothing. */
export function queryAll(trees: readonly ParentNode[], selector: string): Element[] {
  try {
    return trees.flatMap((t) => Array.from(t.querySelectorAll(selector)));
  } catch {
    return [];
  }
}
