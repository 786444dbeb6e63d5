/**
 * The builder's constants (docs/builder.md), without zod: the snippet reads the fragment key and
 * the dashboard the socket event, and neither should load the schema library for them.
 */

/** Modes of a builder session: pick a step's element, or play the tour on the page. */
export const BUILDER_MODES = ['pick', 'preview'] as const;
export type BuilderMode = (typeof BUILDER_MODES)[number];

/** The open URL carries the one-time code in its fragment: `#signpost-builder=<code>`. */
export const BUILDER_FRAGMENT_KEY = 'signpost-builder';

/**
 * The builder session of the tab in `sessionStorage` (docs/builder.md, "How a session runs"): the
 * exchange's answer (the builder token and what it is bound to) as JSON. The install snippet
 * loads sdk-builder.js when it finds it; the bundle removes it once dead, on Cancel and Escape.
 */
export const BUILDER_STORAGE_KEY = 'signpost:builder';

/** The one-time launch code the snippet took from the address, until the builder exchanges it. */
export const BUILDER_CODE_STORAGE_KEY = `${BUILDER_STORAGE_KEY}-code`;

/**
 * The write key of the snippet that took the code (the page's product): the exchange must come
 * from a page of the session's own product, not any site an account lists as allowed.
 */
export const BUILDER_PAGE_KEY_STORAGE_KEY = `${BUILDER_STORAGE_KEY}-write-key`;

/** A launch code lives 60 s and is used once; the token it buys lives 15 minutes. */
export const BUILDER_CODE_TTL_MS = 60_000;
export const BUILDER_TOKEN_TTL_MS = 15 * 60_000;

/** Socket event to the owner's user room when the builder saved a step's target. */
export const BUILDER_TARGET_EVENT = 'builder-target';

/**
 * What the picker and the editor say of a grade C element (structure only): the attribute to add
 * to the customer's markup so the tour finds the element by name after a redesign. `from` is the
 * element's accessible name, role or text; it becomes a short kebab-case value.
 */
export function targetAttributeHint(from: string): string {
  const name =
    from
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 32)
      .replace(/-$/, '') || 'tour-target';
  return `Add data-signpost="${name}" to this element in your site's markup so the tour finds it after a redesign.`;
}
