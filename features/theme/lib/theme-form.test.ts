import { describe, expect, it } from 'vitest';
import { SYSTEM_FONT, THEME_FONTS } from '@/lib/contracts/theme';
import { fontOptions } from './theme-form';

describe('fontOptions', () => {
  it('offers the safe fonts, and keeps a saved font that is none of them', () => {
    expect(fontOptions(SYSTEM_FONT)).toHaveLength(THEME_FONTS.length);
    const custom = fontOptions('"Brand Sans", sans-serif');
    expect(custom).toHaveLength(THEME_FONTS.length + 1);
    expect(custom.at(-1)).toEqual({
      value: '"Brand Sans", sans-serif',
      label: '"Brand Sans", sans-serif',
    });
  });
});
