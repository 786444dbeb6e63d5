import { describe, expect, it } from 'vitest';
import { TOUR_CSS } from './styles';

/** The selectors of TOUR_CSS's rules, in order (the text is minified: one rule a line). */
const rules = TOUR_CSS.split('\n')
  .flatMap((line) => line.split('}'))
  .map((rule) => rule.split('{')[0]!.trim())
  .filter(Boolean);
const at = (selector: string) => rules.findIndex((r) => r.split(',').includes(selector));

describe('TOUR_CSS', () => {
  it("centres a tooltip without a target: its rule follows the tooltip's (same specificity)", () => {
    expect(at('.tool_tip .card')).toBeGreaterThanOrEqual(0);
    expect(at('.centered .card')).toBeGreaterThan(at('.tool_tip .card'));
  });

  it("keeps the card's outline off after the focus ring rule", () => {
    expect(at('.card')).toBeGreaterThan(at(':focus-visible'));
  });

  it("dims with the theme's backdrop opacity, around a spotlight too", () => {
    expect(TOUR_CSS).toMatch(/\.backdrop\{[^}]*var\(--sp-backdrop\)/);
    expect(TOUR_CSS).toMatch(/\.spot\{[^}]*box-shadow:[^}]*var\(--sp-backdrop\)/);
  });
});
