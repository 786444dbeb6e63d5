import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { DEFAULT_THEME, hasCustomStyling, THEME_FONTS, themeSchema } from './theme';

const issues = (input: unknown) => {
  const r = themeSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('theme contract', () => {
  it('reads {} as the default look, and fills the fields left out', () => {
    expect(themeSchema.parse({})).toEqual(DEFAULT_THEME);
    expect(themeSchema.parse({ corner_radius: 0, shadow: 'none' })).toEqual({
      ...DEFAULT_THEME,
      corner_radius: 0,
      shadow: 'none',
    });
  });

  it('takes hex colours of 3, 4, 6 and 8 digits and nothing else', () => {
    for (const ok of ['#fff', '#ffff', '#0f172a', '#0F172A80'])
      expect(issues({ card_background: ok })).toEqual([]);
    for (const bad of ['red', '#ff', '#12345', 'rgb(0,0,0)', '#fff;color:red', ''])
      expect(issues({ card_background: bad })).toEqual([
        `card_background: ${MESSAGES.theme.color('Card background')}`,
      ]);
  });

  it('takes font-family lists and refuses anything that could leave the declaration', () => {
    for (const font of THEME_FONTS) expect(issues({ font_family: font.value })).toEqual([]);
    expect(issues({ font_family: "'Open Sans', Arial, sans-serif" })).toEqual([]);
    expect(issues({ font_family: `"Brand's Sans", 'Open "Sans"', serif` })).toEqual([]);
    for (const bad of [
      'Inter; color: red',
      'Inter} .card {display:none',
      'Inter, url(https://evil.example/x.woff)',
      'Inter\\3b',
      'a'.repeat(201),
      ' ',
      '"Brand Sans, sans-serif',
      "Inter', Arial",
      'Georgia, "Times New Roman',
      `"Brand Sans'`,
    ])
      expect(issues({ font_family: bad })).not.toEqual([]);
  });

  it('bounds the numbers and the choices', () => {
    expect(issues({ corner_radius: 33 })).toEqual([
      `corner_radius: ${MESSAGES.theme.range('Corner radius', 0, 32)}`,
    ]);
    expect(issues({ corner_radius: 2.5 })).toHaveLength(1);
    expect(issues({ backdrop_opacity: -0.1 })).toEqual([
      `backdrop_opacity: ${MESSAGES.theme.opacity}`,
    ]);
    expect(issues({ backdrop_opacity: 1 })).toEqual([]);
    expect(issues({ z_index: 0 })).toHaveLength(1);
    expect(issues({ z_index: 2_147_483_648 })).toHaveLength(1);
    expect(issues({ shadow: 'huge' })).toEqual([`shadow: ${MESSAGES.theme.shadow}`]);
    expect(issues({ banner_placement: 'left' })).toEqual([
      `banner_placement: ${MESSAGES.theme.bannerPlacement}`,
    ]);
    expect(issues({ bubble_placement: 'top-left' })).toEqual([
      `bubble_placement: ${MESSAGES.theme.bubblePlacement}`,
    ]);
  });

  it('is a feature of every paid plan', () => {
    expect(hasCustomStyling('free')).toBe(false);
    expect(hasCustomStyling(undefined)).toBe(false);
    for (const plan of ['starter', 'growth', 'scale', 'enterprise'])
      expect(hasCustomStyling(plan)).toBe(true);
  });
});
