import {
  BANNER_PLACEMENTS,
  BUBBLE_PLACEMENTS,
  THEME_FONTS,
  THEME_SHADOWS,
} from '@/lib/contracts/theme';

type ColorName =
  | 'card_background'
  | 'text_color'
  | 'primary_button_background'
  | 'primary_button_text'
  | 'secondary_button_background'
  | 'secondary_button_text';

/** The colour fields of the editor, in the order they show. */
export const THEME_COLORS: readonly { name: ColorName; label: string }[] = [
  { name: 'card_background', label: 'Card background' },
  { name: 'text_color', label: 'Text colour' },
  { name: 'primary_button_background', label: 'Primary button background' },
  { name: 'primary_button_text', label: 'Primary button text' },
  { name: 'secondary_button_background', label: 'Secondary button background' },
  { name: 'secondary_button_text', label: 'Secondary button text' },
];

const TITLES: Record<string, string> = {
  none: 'None',
  soft: 'Soft',
  strong: 'Strong',
  top: 'Top of the page',
  bottom: 'Bottom of the page',
  'bottom-right': 'Bottom right',
  'bottom-left': 'Bottom left',
};
const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: TITLES[value] ?? value }));

export const SHADOW_OPTIONS = options(THEME_SHADOWS);
export const BANNER_OPTIONS = options(BANNER_PLACEMENTS);
export const BUBBLE_OPTIONS = options(BUBBLE_PLACEMENTS);

/** The editor's fonts, plus the saved one when it is none of them (set through the API). */
export function fontOptions(current: string | undefined) {
  const list = THEME_FONTS.map((f) => ({ value: f.value, label: f.label }));
  if (current && !list.some((f) => f.value === current))
    list.push({ value: current, label: current });
  return list;
}
