/**
 * The theme's value checks (docs/theme.md, "Fields"), without zod: the SDK's renderer checks what
 * it is sent with these, and lib/contracts/theme.ts builds its schema from them and re-exports
 * them. Nothing in this file may import zod (it ships in the tours bundle).
 */

/** Bounds of the numeric fields (docs/theme.md, "Fields"); plain numbers the SDK's bundle inlines. */
export const THEME_RADIUS_MAX = 32;
export const THEME_Z_INDEX_MAX = 2_147_483_647;
export const THEME_FONT_MAX = 200;
export const THEME_LIMITS = {
  radius: { min: 0, max: THEME_RADIUS_MAX },
  zIndex: { min: 1, max: THEME_Z_INDEX_MAX },
  fontMax: THEME_FONT_MAX,
} as const;

/** Only #rgb, #rgba, #rrggbb and #rrggbbaa reach a style. */
export const THEME_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A CSS font-family list: names, commas, spaces, dots, underscores and hyphens, and quoted names
 * whose quotes close (`"Brand Sans"`, `'Open Sans'`). No `;`, `{`, `}`, `(` or `\`, so nothing
 * else (a `url(`, another declaration) can ride along; no quote left open, which would swallow
 * the rest of the theme's rule in the browser.
 */
export const THEME_FONT = /^(?:[\w .,-]|"[\w .,'-]*"|'[\w .,"-]*')+$/;

/** Whether a value is a font-family the theme may set (the shape and the length). */
export const isThemeFont = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= THEME_FONT_MAX && THEME_FONT.test(v);
