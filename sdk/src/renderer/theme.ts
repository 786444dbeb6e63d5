import type { Theme } from '../../../lib/contracts/theme';
import {
  isThemeFont,
  THEME_COLOR,
  THEME_RADIUS_MAX,
  THEME_Z_INDEX_MAX,
} from '../../../lib/contracts/theme-constants';

/** A product theme as the renderer takes it (docs/theme.md): any field may be missing. */
export type TourTheme = Partial<Theme>;

// Checked again here, whatever the server sent, with the contract's own checks
// (lib/contracts/theme-constants.ts): only these shapes reach the tour's style, and a bad value
// drops that value alone, never the rest of the theme.
const SHADOWS: Record<string, string> = {
  none: 'none',
  strong: '0 24px 64px rgba(17,24,39,.4),0 4px 12px rgba(17,24,39,.2)',
};
/** Theme field → the custom property TOUR_CSS reads (its fallback is today's look). */
const COLORS: [keyof Theme, string][] = [
  ['card_background', 'card'],
  ['text_color', 'text'],
  ['primary_button_background', 'p-bg'],
  ['primary_button_text', 'p-fg'],
  ['secondary_button_background', 's-bg'],
  ['secondary_button_text', 's-fg'],
];

const within = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && v >= min && v <= max;

/**
 * The theme as one rule of custom properties on the tour's layers, set inside the shadow root:
 * the host page's CSS cannot reach those elements, so it can neither change nor unset them.
 */
export function themeCss(theme: TourTheme | null | undefined): string {
  if (!theme) return '';
  const vars: string[] = [];
  for (const [field, name] of COLORS) {
    const v = theme[field];
    if (typeof v === 'string' && THEME_COLOR.test(v)) vars.push(`--sp-${name}:${v}`);
  }
  const font = theme.font_family;
  if (isThemeFont(font)) vars.push(`--sp-font:${font}`);
  const radius = theme.corner_radius;
  if (within(radius, 0, THEME_RADIUS_MAX)) vars.push(`--sp-radius:${Math.round(radius)}px`);
  const shadow = theme.shadow && SHADOWS[theme.shadow];
  if (shadow) vars.push(`--sp-shadow:${shadow}`);
  const opacity = theme.backdrop_opacity;
  if (within(opacity, 0, 1)) vars.push(`--sp-backdrop:${opacity}`);
  return vars.length ? `.layer{${vars.join(';')}}` : '';
}

/** The host's z-index: the theme's when it is a whole number in range, else the top. */
export function themeZIndex(theme: TourTheme | null | undefined): string {
  const z = theme?.z_index;
  return Number.isInteger(z) && within(z, 1, THEME_Z_INDEX_MAX)
    ? String(z)
    : String(THEME_Z_INDEX_MAX);
}
