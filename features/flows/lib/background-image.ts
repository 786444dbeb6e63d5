import { z } from 'zod';

export const BACKGROUND_SIZES = ['auto', 'cover', 'contain'] as const;
export const BACKGROUND_POSITIONS = ['center', 'top', 'bottom', 'left', 'right'] as const;
export const BACKGROUND_REPEATS = ['no-repeat', 'repeat', 'repeat-x', 'repeat-y'] as const;

/**
 * How a step's background image is laid out (docs/product/entities.md#flow-step-button-and-action:
 * size, position, repeat).
 */
export interface BackgroundImageOptions {
  size: (typeof BACKGROUND_SIZES)[number];
  position: (typeof BACKGROUND_POSITIONS)[number];
  repeat: (typeof BACKGROUND_REPEATS)[number];
}

export const DEFAULT_BACKGROUND_OPTIONS: BackgroundImageOptions = {
  size: 'cover',
  position: 'center',
  repeat: 'no-repeat',
};

// Each field falls back on its own, so one stale value does not wipe the others.
const optionsSchema = z.object({
  size: z.enum(BACKGROUND_SIZES).catch(DEFAULT_BACKGROUND_OPTIONS.size),
  position: z.enum(BACKGROUND_POSITIONS).catch(DEFAULT_BACKGROUND_OPTIONS.position),
  repeat: z.enum(BACKGROUND_REPEATS).catch(DEFAULT_BACKGROUND_OPTIONS.repeat),
});

/** Reads the stored JSON text; missing, malformed or unknown values give the defaults. */
export function parseBackgroundOptions(raw: string | null | undefined): BackgroundImageOptions {
  if (!raw) return { ...DEFAULT_BACKGROUND_OPTIONS };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_BACKGROUND_OPTIONS };
  }
  const parsed = optionsSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...DEFAULT_BACKGROUND_OPTIONS };
}

/** The JSON text stored in `background_image_options`, always in size, position, repeat order. */
export function serializeBackgroundOptions(options: BackgroundImageOptions): string {
  return JSON.stringify({
    size: options.size,
    position: options.position,
    repeat: options.repeat,
  });
}
