/**
 * What the element picker stores of a picked element (docs/flows.md, "Targets"). Builder-only:
 * the tours bundle imports `resolve.ts`, never this file (nor the finder library).
 */
import { finder } from '@medv/finder';
import { targetAttributeHint } from '../../../lib/contracts/builder-constants';
import type { SelectElement, TargetCandidate } from '../../../lib/contracts/flows';
import { nameOf, queryAll, roleOf, textOf, treesOf } from './dom';
import { alike, attrSelector, innermost } from './resolve';

/** Data attributes read first, in this order, before those a product adds. */
export const TARGET_ATTRIBUTES = ['data-signpost', 'data-testid', 'data-test', 'data-cy'];

/**
 * Roles that name what an element is (roleOf: explicit or implicit ARIA roles; a bare tag names
 * nothing, but a field named by its placeholder or label does).
 */
const ROLE_NAMES =
  /^(button|link|checkbox|radio|textbox|combobox|heading|img|navigation|listitem|tab|menuitem|option|switch|dialog|searchbox|slider|spinbutton|summary|input:(?!hidden).*)$/;

export interface DescribeOptions {
  /** Attribute names the product lists besides TARGET_ATTRIBUTES. */
  attributes?: readonly string[];
  /** Where the selectors must be unique; default the element's document or shadow root. */
  root?: Document | ShadowRoot;
}

export interface TargetDescription extends Required<
  Pick<SelectElement, 'selector' | 'candidates' | 'text' | 'grade'>
> {
  /** For grade C: what to add to the customer's markup so the element is found by name. */
  hint?: string;
}

/**
 * Ids and class names that a build generates (CSS-in-JS, CSS modules, React's useId, counters):
 * they change from one build to the next, so no target may rest on them.
 */
export function isHashed(name: string): boolean {
  return (
    /^(css|sc|jsx|emotion|styled|svelte|chakra)-/i.test(name) ||
    /__[\w-]{5,}$|^:|\d{4,}/.test(name) ||
    (name.match(/[0-9a-f]{6,}/gi) ?? []).some((run) => /\d/.test(run) && /[a-f]/i.test(run))
  );
}

/**
 * Candidates of the element's own attributes and id kept at most: with the role and the path,
 * MAX_TARGET_CANDIDATES of lib/contracts/flows.ts (not imported: zod stays out of the bundle).
 */
const MAX_OWN = 6;

const ATTRIBUTE_NAME = /^[a-z][\w.:-]*$/i;

/** The nearest ancestor with a stable attribute or id, as a selector; '' for none. */
function fingerprintOf(el: Element, names: readonly string[]): string {
  for (let up = el.parentElement; up; up = up.parentElement) {
    const own = ownCandidates(up, names)[0];
    if (own) return attrSelector(own.kind === 'id' ? 'id' : own.name!, own.value);
  }
  return '';
}

function ownCandidates(el: Element, names: readonly string[]): TargetCandidate[] {
  const out: TargetCandidate[] = [];
  for (const name of names) {
    const value = el.getAttribute(name)?.trim();
    if (value && value.length <= 1024) out.push({ kind: 'attr', name, value });
  }
  const id = el.id.trim();
  if (id && id.length <= 1024 && !isHashed(id)) out.push({ kind: 'id', value: id });
  return out;
}

/**
 * The candidates, primary selector, text and stability grade of a picked element: A when a data
 * attribute or a stable id names it, B when its role and accessible name do, C when only its
 * place in the page does (with a hint naming the attribute to add).
 */
export function describeTarget(el: Element, opts: DescribeOptions = {}): TargetDescription {
  const names = [...TARGET_ATTRIBUTES, ...(opts.attributes ?? [])].filter(
    (n, i, all) => ATTRIBUTE_NAME.test(n) && all.indexOf(n) === i,
  );
  const root = opts.root ?? (el.getRootNode() as Document | ShadowRoot);
  const text = textOf(el);
  const role = roleOf(el);
  const name = nameOf(el);
  const own = ownCandidates(el, names).slice(0, MAX_OWN);
  const path = finder(el, {
    root: root as unknown as Element,
    idName: (id) => !isHashed(id),
    className: (c) => !isHashed(c) && /^[a-z][\w-]*$/i.test(c),
    attr: (n, value) => names.includes(n) && !!value,
    timeoutMs: 200,
  });
  const fingerprint = fingerprintOf(el, names);
  const scope = fingerprint
    ? Array.from(el.closest(fingerprint)?.querySelectorAll('*') ?? [])
    : queryAll(treesOf(document), '*');
  const pick = { role, name, text: text.toLowerCase() };
  const nth = innermost(scope.filter((e) => alike(e, pick))).indexOf(el);
  const candidates: TargetCandidate[] = [
    ...own,
    { kind: 'role', value: role, name },
    { kind: 'css', value: path, fingerprint, ...(nth >= 0 && { nth }) },
  ];
  const first = own[0];
  const grade = first ? 'A' : ROLE_NAMES.test(role) && name ? 'B' : 'C';
  return {
    selector: first ? attrSelector(first.kind === 'id' ? 'id' : first.name!, first.value) : path,
    candidates,
    text,
    grade,
    ...(grade === 'C' && {
      hint: targetAttributeHint(name || role),
    }),
  };
}
