import type { z } from 'zod';
import {
  DEFAULT_THEME,
  hasCustomStyling,
  themeOverrideSchema,
  themeSchema,
  type BrandTheme,
  type Theme,
} from '../../../lib/contracts/theme';
import { MESSAGES } from '../../../lib/messages';
import { AppError, notFound } from '../../errors';
import type { ThemesRepository } from './themes.repository';

/** How long a node serves a product's theme to the runtime after reading it (other nodes' saves). */
export const THEME_CACHE_TTL_MS = 10_000;
const MAX_CACHED = 5_000;

/**
 * The fields of a stored object that `schema` still accepts, each checked alone: one value saved
 * before a check tightened drops by itself, not the whole object (docs/theme.md). Fields left out,
 * unknown keys and anything but an object give nothing.
 */
function validFieldsOf<T extends z.ZodObject>(schema: T, value: unknown): Partial<z.output<T>> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    if (!Object.hasOwn(value, key)) continue;
    const one = field.safeParse((value as Record<string, unknown>)[key]);
    if (one.success) kept[key] = one.data;
  }
  return kept as Partial<z.output<T>>;
}

/**
 * A stored theme read with today's defaults: a field added later, or one that no longer passes
 * the contract, reads as its default rather than failing the product's tours.
 */
export function storedTheme(stored: unknown): Theme {
  const parsed = themeSchema.safeParse(stored ?? {});
  if (parsed.success) return parsed.data;
  return { ...DEFAULT_THEME, ...validFieldsOf(themeSchema, stored) };
}

/**
 * The product theme, "Custom styling" (docs/theme.md): read by its owner on any plan, saved on
 * paid plans only, and handed to the tour runtime (null on the free plan or when none is saved).
 */
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
      const fields = validFieldsOf(themeOverrideSchema, override);
      if (!Object.keys(fields).length) return look.theme;
      return storedTheme({ ...(look.theme ?? DEFAULT_THEME), ...fields });
    },
  };
}
export type ThemesService = ReturnType<typeof createThemesService>;
