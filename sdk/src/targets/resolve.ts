import type { SelectElement } from '../../../lib/contracts/flows';
import { nameOf, queryAll, roleOf, tagRoleOf, textOf, treesOf } from './dom';

/** `[name="value"]`, the value quoted for CSS. */
export const attrSelector = (name: string, value: string): string =>
  `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;

/** What a pick says an element is; an unset field says nothing (`text` in lower case). */
export interface Pick {
  role?: string;
  name?: string;
  text?: string;
}

/**
 * Whether `el` has the pick's role (roleOf; a pick stored before implicit roles has the tag's,
 * tagRoleOf), accessible name and text.
 */
export const alike = (el: Element, { role, name, text }: Pick): boolean =>
  (role == null || roleOf(el) === role || tagRoleOf(el) === role) &&
  (name == null || nameOf(el) === name) &&
  (text == null || textOf(el).toLowerCase() === text);

/** Of elements alike, those inside no other: a wrapper around the element has its text too. */
export const innermost = (els: Element[]): Element[] =>
  els.filter((el) => !els.some((other) => other !== el && el.contains(other)));

/**
 * Finds a picked element again (docs/flows.md, "Targets"). The primary selector and each
 * candidate vote for the elements they match (a vote shared among several weighs less); the
 * element with the most votes wins if it is alone at the top. An element whose role, name or
 * text differ from the pick's gets no vote (but from an attribute or id naming it alone, which
 * keeps it through a change of wording, not of role): no element is better than a wrong one.
 * Without text to confirm it, a structural vote wins only when no other element got one.
 * Open shadow roots and same-origin iframes are searched.
 */
export function resolveTarget(
  target: SelectElement,
  root: Document | Element | ShadowRoot = document,
): Element | null {
  const trees = treesOf(root);
  const candidates = target.candidates ?? [];
  const roleCandidate = candidates.find((c) => c.kind === 'role');
  const text = target.text?.toLowerCase();
  const pick: Pick = { role: roleCandidate?.value, name: roleCandidate?.name, text };
  const votes = new Map<Element, number>();
  /** `alone`: an attribute or id naming one element, which keeps it through a change of wording. */
  const vote = (els: Element[], weight: number, alone?: boolean) => {
    for (const el of els)
      if (alike(el, alone ? { role: pick.role } : pick))
        votes.set(el, (votes.get(el) ?? 0) + weight / els.length);
  };

  const primary = queryAll(trees, target.selector);
  vote(
    target.index == null ? primary : primary.slice(target.index, target.index + 1),
    candidates.length ? 1 : 3,
  );
  for (const c of candidates) {
    if (c.kind === 'attr' || c.kind === 'id') {
      const els = queryAll(trees, attrSelector(c.kind === 'id' ? 'id' : (c.name ?? ''), c.value));
      vote(els, 4, els.length === 1);
    } else if (c.kind === 'css' && c.nth != null) {
      // Within the anchoring ancestor (or the page), the nth element alike the pick.
      const scope = c.fingerprint ? queryAll(trees, c.fingerprint) : trees;
      const el =
        scope.length === 1 || !c.fingerprint
          ? innermost(queryAll(scope, '*').filter((e) => alike(e, pick)))[c.nth]
          : null;
      if (el) vote([el], text || c.fingerprint ? 3 : 1);
    }
  }

  const [best, next] = [...votes].sort((a, b) => b[1] - a[1]);
  // Alone at the top; without text to confirm it, the only element voted for, by more than a path.
  return best && best[1] !== next?.[1] && (text || (best[1] >= 2 && !next)) ? best[0] : null;
}
