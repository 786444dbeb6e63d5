import {
  DEFAULT_THEME,
  hasCustomStyling,
  themeOverrideSchema,
  themeSchema,
  type BrandTheme,
  type Theme,
  type ThemeOverride,
} from '../../../lib/contracts/theme';
import { MESSAGES } from '../../../lib/messages';
import { AppError, notFound } from '../../errors';
import type { ThemesRepository } from './themes.repository';

/** How long a node serves a product's theme to the runtime after reading it (other nodes' saves). */
export const THEME_CACHE_TTL_MS = 10_000;
const MAX_CACHED = 5_000;

/**
 * A stored theme read with today's defaults: a field added later, or one that no longer passes
 * the contract, reads as its default rather than failing the product's tours.
 */
export function storedTheme(stored: unknown): Theme {
  const parsed = themeSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  const fields = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_THEME };
  for (const [key, field] of Object.entries(themeSchema.shape)) {
    const one = field.safeParse(fields[key]);
    if (one.success) out[key] = one.data;
  }
  return out as Theme;
}

/**
 * The product theme, "Custom styling" (docs/theme.md): read by its owner on any plan, saved on
 * paid plans only, and handed to the tour runtime (null on the free plan or when none is saved).
 */
/**
 * The fields of a tour's stored override that still pass the theme's checks: one value saved
 * before a check tightened drops alone, not the whole override (docs/theme.md).
 */
function validFields(override: unknown): ThemeOverride {
  if (!override || typeof override !== 'object' || Array.isArray(override)) return {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(override)) {
    const one = themeOverrideSchema.safeParse({ [key]: value });
    if (one.success) Object.assign(kept, one.data);
  }
  return kept as ThemeOverride;
}

export function createThemesService(deps: {
  themes: Pick<ThemesRepository, 'find' | 'forRuntime' | 'save'>;
  now?: () => number;
  /** A failed read for the runtime (logged by the caller). */
  onError?: (err: unknown) => void;
}) {
  const now = deps.now ?? Date.now;
  /** A product's plan allows custom styling, and its saved theme (null when none is saved). */
  type Look = { paid: boolean; theme: Theme | null };
  const cache = new Map<number, { until: number; look: Promise<Look> }>();
  const product = (brandId: number): Promise<Look> => {
    const at = now();
    const hit = cache.get(brandId);
    if (hit && hit.until > at) return hit.look;
    const look: Promise<Look> = deps.themes.forRuntime(brandId).then(
      (row) => ({
        paid: hasCustomStyling(row?.plan ?? undefined),
        theme: row?.theme ? storedTheme(row.theme) : null,
      }),
      (err: unknown) => {
        deps.onError?.(err);
        if (cache.get(brandId)?.look === look) cache.delete(brandId);
        return { paid: false, theme: null };
      },
    );
    cache.delete(brandId);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as number);
    cache.set(brandId, { until: at + THEME_CACHE_TTL_MS, look });
    return look;
  };

  const owned = async (ownerId: string, brandId: number) => {
    const row = await deps.themes.find(ownerId, brandId);
    if (!row) throw notFound(MESSAGES.brands.notFound);
    return row;
  };
  const answer = (brandId: number, theme: unknown, plan: string | null): BrandTheme => ({
    brand_id: brandId,
    theme: storedTheme(theme),
    custom_styling: hasCustomStyling(plan ?? undefined),
  });

  return {
    async get(ownerId: string, brandId: number): Promise<BrandTheme> {
      const row = await owned(ownerId, brandId);
      return answer(row.id, row.theme, row.plan);
    },

    async update(ownerId: string, brandId: number, theme: Theme): Promise<BrandTheme> {
      const row = await owned(ownerId, brandId);
      if (!hasCustomStyling(row.plan ?? undefined))
        throw new AppError(
          403,
          'plan_feature_unavailable',
          MESSAGES.theme.paidOnly(row.planName ?? 'Free'),
          [{ path: 'plan', message: row.plan ?? 'free' }],
        );
      if (!(await deps.themes.save(ownerId, brandId, theme)))
        throw notFound(MESSAGES.brands.notFound);
      cache.delete(brandId);
      return answer(brandId, theme, row.plan);
    },

    /**
     * The theme a tour of this product plays in, or null for the default look (a plan without
     * custom styling, or neither a saved theme nor the tour's override). The tour's override
     * (docs/theme.md, "Per-tour override") goes over the product's theme, field by field. The
     * product is kept a few seconds: the runtime asks on every page view. A failed read shows the
     * default look and is not kept: the look never fails a visitor's tour.
     */
    async forRuntime(brandId: number, override?: unknown): Promise<Theme | null> {
      const look = await product(brandId);
      if (!look.paid) return null;
      const fields = validFields(override);
      if (!Object.keys(fields).length) return look.theme;
      return storedTheme({ ...(look.theme ?? DEFAULT_THEME), ...fields });
    },
  };
}
export type ThemesService = ReturnType<typeof createThemesService>;
