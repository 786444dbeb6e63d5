import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '../../../lib/contracts/theme';
import { createThemesService, storedTheme, THEME_CACHE_TTL_MS } from './themes.service';

type Row = { id: number; theme: unknown; plan: string | null; planName: string | null };

function service(row: () => Promise<Row | undefined>) {
  let clock = 0;
  const forRuntime = vi.fn(row);
  const onError = vi.fn();
  const themes = createThemesService({
    themes: { find: vi.fn(), save: vi.fn(), forRuntime } as never,
    now: () => clock,
    onError,
  });
  return { themes, forRuntime, onError, tick: (ms: number) => (clock += ms) };
}

describe('themes service', () => {
  it('reads a stored theme field by field: a bad or missing field takes its default', () => {
    expect(storedTheme(null)).toEqual(DEFAULT_THEME);
    expect(storedTheme({ card_background: '#000', corner_radius: 99, shadow: 'none' })).toEqual({
      ...DEFAULT_THEME,
      card_background: '#000',
      shadow: 'none',
    });
  });

  it('gives the runtime the theme on a paid plan, none on the free plan or without one', async () => {
    const paid = service(async () => ({
      id: 1,
      theme: { z_index: 5 },
      plan: 'starter',
      planName: 'Starter',
    }));
    expect(await paid.themes.forRuntime(1)).toEqual({ ...DEFAULT_THEME, z_index: 5 });
    const free = service(async () => ({
      id: 1,
      theme: { z_index: 5 },
      plan: 'free',
      planName: 'Free',
    }));
    expect(await free.themes.forRuntime(1)).toBeNull();
    const none = service(async () => ({ id: 1, theme: null, plan: 'growth', planName: 'Growth' }));
    expect(await none.themes.forRuntime(1)).toBeNull();
  });

  it('reads a product once per cache period', async () => {
    const s = service(async () => ({ id: 1, theme: {}, plan: 'starter', planName: 'Starter' }));
    await Promise.all([s.themes.forRuntime(1), s.themes.forRuntime(1)]);
    s.tick(THEME_CACHE_TTL_MS - 1);
    await s.themes.forRuntime(1);
    expect(s.forRuntime).toHaveBeenCalledTimes(1);
    s.tick(1);
    await s.themes.forRuntime(1);
    expect(s.forRuntime).toHaveBeenCalledTimes(2);
  });

  it('answers the default look when the read fails, reports it, and reads again next time', async () => {
    let fail = true;
    const s = service(async () => {
      if (fail) throw new Error('database down');
      return { id: 1, theme: { corner_radius: 0 }, plan: 'scale', planName: 'Scale' };
    });
    expect(await s.themes.forRuntime(1)).toBeNull();
    expect(s.onError).toHaveBeenCalledTimes(1);
    fail = false;
    expect(await s.themes.forRuntime(1)).toMatchObject({ corner_radius: 0 });
  });

  it("puts a tour's override over the product theme, only on a paid plan and only valid fields", async () => {
    const paid = service(async () => ({
      id: 1,
      theme: { corner_radius: 4 },
      plan: 'starter',
      planName: 'Starter',
    }));
    expect(await paid.themes.forRuntime(1, { card_background: '#000', corner_radius: 20 })).toEqual(
      { ...DEFAULT_THEME, card_background: '#000', corner_radius: 20 },
    );
    // A stored override that no longer passes the contract plays the product theme.
    expect(await paid.themes.forRuntime(1, { corner_radius: 99 })).toEqual({
      ...DEFAULT_THEME,
      corner_radius: 4,
    });
    const bare = service(async () => ({ id: 1, theme: null, plan: 'growth', planName: 'Growth' }));
    expect(await bare.themes.forRuntime(1, { shadow: 'none' })).toEqual({
      ...DEFAULT_THEME,
      shadow: 'none',
    });
    expect(await bare.themes.forRuntime(1, {})).toBeNull();
    const free = service(async () => ({ id: 1, theme: null, plan: 'free', planName: 'Free' }));
    expect(await free.themes.forRuntime(1, { shadow: 'none' })).toBeNull();
  });
});
