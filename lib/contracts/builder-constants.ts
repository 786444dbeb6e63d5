/**
 * The builder's constants (docs/builder.md), without zod: the snippet reads the fragment key and
 * the dashboard the socket event, and neither should load the schema library for them.
 */

/** Modes of a builder session: pick a step's element, or play the tour on the page. */
export const BUILDER_MODES = ['pick', 'preview'] as const;
export type BuilderMode = (typeof BUILDER_MODES)[number];

/** The open URL carries the one-time code in its fragment: `#signpost-builder=<code>`. */
export const BUILDER_FRAGMENT_KEY = 'signpost-builder';

/** A launch code lives 60 s and is used once; the token it buys lives 15 minutes. */
export const BUILDER_CODE_TTL_MS = 60_000;
export const BUILDER_TOKEN_TTL_MS = 15 * 60_000;

/** Socket event to the owner's user room when the builder saved a step's target. */
export const BUILDER_TARGET_EVENT = 'builder-target';
