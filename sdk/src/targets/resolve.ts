import type { SelectElement } from '../../../lib/contracts/flows';
import { nameOf, queryAll, roleOf, textOf, treesOf } from './dom';

/** `[name="value"]`, the value quoted for CSS. */
export const attrSelector = (name: string, value: string): string =>
  `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;

/** What a pick says an element is; an unset field says nothing (`text` in lower case). */
export interface Pick {
  role?: string;
  name?: string;
  text?: string;
}

/** Whether `el` has the pick's role, accessible name and text. */
export const alike = (el: Element, { role, name, text }: Pick): boolean =>
  (role == null || roleOf(el) === role) &&
  (name == null || nameOf(el) === name) &&
  (text == null || textOf(el).toLowerCase() === text);

/** Of elements alike, those inside no other: a wrapper around the element has its text too. */
export const innermost = (els: Element[]): Element[] =>
  els.filter((el) => !els.some((other) => other !== el && el.contains(other)));

/**
 * Finds a picked element again (docs/flows.md, "Targets"). The primary selector and each
 * candidate vote for the elements they match (a vote shared among several weighs less); the
 * element with the most votes wins if it is alone at the top. An element whose role, name or
 * text differ from the pick's never gets a vote (an attribute or id naming one element alone
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
  /** Elements an attribute or id names alone: their wording may have changed. */
  const named = new Set<Element>();
  const vote = (els: Element[], weight: number) => {
    for (const el of els)
      if (alike(el, named.has(el) ? { role: pick.role } : pick))
        votes.set(el, (votes.get(el) ?? 0) + weight / els.length);
  };
  const strong = candidates.map((c) =>
    c.kind === 'attr' || c.kind === 'id'
      ? queryAll(trees, attrSelector(c.kind === 'id' ? 'id' : (c.name ?? ''), c.value))
      : [],
  );
  for (const els of strong) if (els.length === 1) named.add(els[0]!);

  const primary = queryAll(trees, target.selector);
  vote(
    target.index == null ? primary : primary.slice(target.index, target.index + 1),
    candidates.length ? 1 : 3,
  );
  candidates.forEach((c, i) => {
    if (strong[i]!.length) vote(strong[i]!, 4);
    else if (c.kind === 'role' && c.name)
      vote(innermost(queryAll(trees, '*').filter((el) => alike(el, pick))), 2);
    else if (c.kind === 'css') {
      const css = queryAll(trees, c.value);
      if (css.length === 1) vote(css, 1);
      // Within the anchoring ancestor, the nth element alike the pick.
      const scope = c.fingerprint ? queryAll(trees, c.fingerprint) : [];
      if (c.nth != null && (!c.fingerprint || scope.length === 1)) {
        const all = c.fingerprint
          ? Array.from(scope[0]!.querySelectorAll('*'))
          : queryAll(trees, '*');
        const el = innermost(all.filter((e) => alike(e, pick)))[c.nth];
        if (el) vote([el], text || c.fingerprint ? 3 : 1);
      }
    }
  });

  let best: Element | null = null;
  let top = 0;
  let tie = false;
  for (const [el, score] of votes) {
    if (score > top) [best, top, tie] = [el, score, false];
    else if (score === top) tie = true;
  }
  return best && !tie && (text || (top >= 2 && votes.size === 1)) ? best : null;
}
