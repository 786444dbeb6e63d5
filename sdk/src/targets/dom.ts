/**
 * What the picker and the resolver read of an element, computed the same way on both sides
 * (docs/flows.md, "Targets"). Kept small: it ships in the tours bundle.
 */

/** Implicit roles of the tags a tooltip usually points at; other elements answer their tag. */
const ROLES: Record<string, string> = {
  A: 'link',
  BUTTON: 'button',
  SELECT: 'combobox',
  TEXTAREA: 'textbox',
  IMG: 'img',
  NAV: 'navigation',
  LI: 'listitem',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  H5: 'heading',
  H6: 'heading',
};
const INPUT_ROLES: Record<string, string> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
};

/** The element's role: its `role` attribute, else its implicit role, else its tag (lower case). */
export function roleOf(el: Element): string {
  const tag = el.tagName;
  return (
    el.getAttribute('role') ||
    (tag === 'INPUT' ? INPUT_ROLES[(el as HTMLInputElement).type] || 'textbox' : ROLES[tag]) ||
    tag.toLowerCase()
  );
}

const squeeze = (s: string | null | undefined) =>
  (s || '').replace(/\s+/g, ' ').trim().slice(0, 80);

/** The element's visible text, whitespace folded, at most 80 characters. */
export const textOf = (el: Element): string => squeeze(el.textContent);

/** The accessible name, simplified: aria-label, alt, title, placeholder, then the text. */
export const nameOf = (el: Element): string =>
  squeeze(
    ['aria-label', 'alt', 'title', 'placeholder']
      .map((a) => el.getAttribute(a))
      .find((v) => v?.trim()) ?? el.textContent,
  );

/**
 * Every tree a target may live in, from `root`: the document (or element), each open shadow root
 * and each same-origin iframe's document, recursively.
 */
export function treesOf(root: Document | Element | ShadowRoot): ParentNode[] {
  const out: ParentNode[] = [root];
  for (const tree of out)
    for (const el of Array.from(tree.querySelectorAll('*'))) {
      if (el.shadowRoot) out.push(el.shadowRoot);
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
