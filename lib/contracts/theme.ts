import { z } from 'zod';
import type { PlanCode } from '../constants';
import { MESSAGES } from '../messages';
import { THEME_COLOR, THEME_FONT, THEME_LIMITS } from './theme-constants';

/**
 * A product's theme, the plans' "Custom styling" (docs/theme.md): how its tours look on the
 * customer's pages. Every field has today's look as its default, so `{}` is the default theme and
 * a theme saved before a field existed reads with that field's default.
 */

export { THEME_COLOR, THEME_FONT, THEME_LIMITS } from './theme-constants';

export const THEME_SHADOWS = ['none', 'soft', 'strong'] as const;
export const BANNER_PLACEMENTS = ['top', 'bottom'] as const;
export const BUBBLE_PLACEMENTS = ['bottom-right', 'bottom-left'] as const;

/** The font stack tours use today (sdk/src/renderer/styles.ts). */
export const SYSTEM_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/**
 * Fonts the editor offers; any font-family value that passes `THEME_FONT` (theme-constants.ts)
 * is accepted.
 */
export const THEME_FONTS: readonly { label: string; value: string }[] = [
  { label: 'System', value: SYSTEM_FONT },
  { label: 'Helvetica / Arial', value: 'Helvetica, Arial, sans-serif' },
  { label: 'Inter', value: 'Inter, system-ui, sans-serif' },
  { label: 'Georgia (serif)', value: 'Georgia, "Times New Roman", serif' },
  { label: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
  { label: 'Monospace', value: 'ui-monospace, Menlo, Consolas, monospace' },
];

export const DEFAULT_THEME = {
  card_background: '#ffffff',
  text_color: '#111827',
  primary_button_background: '#2563eb',
  primary_button_text: '#ffffff',
  secondary_button_background: '#2563eb',
  secondary_button_text: '#ffffff',
  font_family: SYSTEM_FONT,
  corner_radius: 12,
  shadow: 'soft',
  backdrop_opacity: 0.55,
  z_index: 2_147_483_647,
  banner_placement: 'top',
  bubble_placement: 'bottom-right',
} as const satisfies Record<string, string | number>;

const color = (label: string, fallback: string) =>
  z
    .string({ error: MESSAGES.theme.color(label) })
    .trim()
    .regex(THEME_COLOR, { error: MESSAGES.theme.color(label) })
    .default(fallback);

const whole = (label: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: MESSAGES.theme.range(label, min, max) })
    .int({ error: MESSAGES.theme.range(label, min, max) })
    .min(min, { error: MESSAGES.theme.range(label, min, max) })
    .max(max, { error: MESSAGES.theme.range(label, min, max) })
    .default(fallback);

export const themeSchema = z.object({
  card_background: color('Card background', DEFAULT_THEME.card_background),
  text_color: color('Text colour', DEFAULT_THEME.text_color),
  primary_button_background: color(
    'Primary button background',
    DEFAULT_THEME.primary_button_background,
  ),
  primary_button_text: color('Primary button text', DEFAULT_THEME.primary_button_text),
  secondary_button_background: color(
    'Secondary button background',
    DEFAULT_THEME.secondary_button_background,
  ),
  secondary_button_text: color('Secondary button text', DEFAULT_THEME.secondary_button_text),
  font_family: z
    .string({ error: MESSAGES.theme.font })
    .trim()
    .min(1, { error: MESSAGES.theme.font })
    .max(THEME_LIMITS.fontMax, { error: MESSAGES.theme.fontTooLong(THEME_LIMITS.fontMax) })
    .regex(THEME_FONT, { error: MESSAGES.theme.font })
    .default(DEFAULT_THEME.font_family),
  corner_radius: whole(
    'Corner radius',
    THEME_LIMITS.radius.min,
    THEME_LIMITS.radius.max,
    DEFAULT_THEME.corner_radius,
  ),
  shadow: z.enum(THEME_SHADOWS, { error: MESSAGES.theme.shadow }).default(DEFAULT_THEME.shadow),
  backdrop_opacity: z
    .number({ error: MESSAGES.theme.opacity })
    .min(0, { error: MESSAGES.theme.opacity })
    .max(1, { error: MESSAGES.theme.opacity })
    .default(DEFAULT_THEME.backdrop_opacity),
  z_index: whole(
    'Z-index',
    THEME_LIMITS.zIndex.min,
    THEME_LIMITS.zIndex.max,
    DEFAULT_THEME.z_index,
  ),
  banner_placement: z
    .enum(BANNER_PLACEMENTS, { error: MESSAGES.theme.bannerPlacement })
    .default(DEFAULT_THEME.banner_placement),
  bubble_placement: z
    .enum(BUBBLE_PLACEMENTS, { error: MESSAGES.theme.bubblePlacement })
    .default(DEFAULT_THEME.bubble_placement),
});
/** A complete theme, as the API answers and the renderer applies it. */
export type Theme = z.infer<typeof themeSchema>;
/** What `PUT /v1/brands/{id}/theme` takes: any field left out takes its default. */
export type ThemeInput = z.input<typeof themeSchema>;

/** `data` of GET and PUT /v1/brands/{id}/theme. */
export const brandThemeSchema = z.object({
  brand_id: z.number().int(),
  theme: themeSchema,
  /** False on the free plan: the theme is shown but cannot be saved, and tours use the default. */
  custom_styling: z.boolean(),
});
export type BrandTheme = z.infer<typeof brandThemeSchema>;

/** Plans whose tours take the product's theme: every paid plan (docs/billing.md). */
export const hasCustomStyling = (plan: PlanCode | string | undefined) => !!plan && plan !== 'free';

type ThemeShape = typeof themeSchema.shape;
/**
 * A tour's override of its product's theme (docs/theme.md, "Per-tour override"): only the fields
 * it sets, each checked as the theme's, without defaults (a field left out keeps the product's).
 */
export const themeOverrideSchema = z.object(
  Object.fromEntries(
    Object.entries(themeSchema.shape).map(([key, field]) => [key, field.unwrap().optional()]),
  ) as { [K in keyof ThemeShape]: z.ZodOptional<ReturnType<ThemeShape[K]['unwrap']>> },
);
export type ThemeOverride = z.infer<typeof themeOverrideSchema>;
