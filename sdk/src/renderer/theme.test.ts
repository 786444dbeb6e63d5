import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../../../lib/contracts/theme';
import { aButton, aStep } from '../testing/flows';
import { playTour, type TourPlayer } from './index';
import { themeCss } from './theme';

/**
 * The product theme inside the tour's shadow root (docs/theme.md). jsdom applies no shadow-root
 * styles, so `styleOf` runs the cascade the way a browser does for these rules: the shadow
 * root's rules in order, then the inline style, custom properties inherited up the shadow tree
 * and, past it, from the host as the page styles it.
 */
function styleOf(el: Element, prop: string): string {
  const root = el.getRootNode() as ShadowRoot;
  const css = Array.from(root.querySelectorAll('style'), (s) => s.textContent ?? '').join('\n');
  const declared = (node: Element, name: string) => {
    let value = (node as HTMLElement).style?.getPropertyValue(name) || '';
    if (value) return value;
    for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      let hit = false;
      try {
        hit = node.matches(selector!.trim());
      } catch {
        continue; // :host, pseudo-elements
      }
      if (!hit) continue;
      for (const decl of body!.split(';')) {
        const at = decl.indexOf(':');
        if (at > 0 && decl.slice(0, at).trim() === name) value = decl.slice(at + 1).trim();
      }
    }
    return value;
  };
  const custom = (node: Element, name: string): string => {
    const own = declared(node, name);
    if (own) return own;
    const parent = node.parentElement;
    if (parent) return custom(parent, name);
    return getComputedStyle(root.host).getPropertyValue(name).trim();
  };
  const resolve = (value: string): string =>
    value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => resolve(custom(el, name)));
  return resolve(declared(el, prop));
}

/** A page that tries everything: hidden and restyled elements, the theme's own variables. */
function hostilePage() {
  const css = document.createElement('style');
  css.textContent = `
    * { background: #ff0000 !important; color: #ff0000 !important; border-radius: 0 !important;
        font-family: Comic Sans MS !important; --sp-card: #ff0000 !important;
        --sp-p-bg: #ff0000 !important; --sp-radius: 0px !important; }
    [data-signpost-tour] { --sp-text: #ff0000; --sp-s-bg: #ff0000; }
    button { background-color: #ff0000 !important; }`;
  document.head.append(css);
  return () => css.remove();
}

const BRAND = {
  card_background: '#0f172a',
  text_color: '#f8fafc',
  primary_button_background: '#f97316',
  primary_button_text: '#000000',
  secondary_button_background: '#334155',
  secondary_button_text: '#e2e8f0',
  corner_radius: 4,
  font_family: 'Georgia, serif',
} as const;

let player: TourPlayer | undefined;
let unstyle = () => {};
afterEach(() => {
  player?.destroy();
  player = undefined;
  unstyle();
  document.body.innerHTML = '';
});

const shadow = () => document.querySelector('[data-signpost-tour]')!.shadowRoot!;
const card = () => shadow().querySelector('.card')!;
const button = (label: string) =>
  Array.from(shadow().querySelectorAll('.button')).find((b) => b.textContent === label)!;
const twoButtons = (over = {}) =>
  aStep({
    buttons: [aButton({ label: 'Skip', ...over }), aButton({ label: 'Next', ...over })],
  });

describe('product theme in the renderer', () => {
  it("gives the card and the buttons the theme's colours and radius on a hostile page", () => {
    unstyle = hostilePage();
    player = playTour({ steps: [twoButtons()], theme: BRAND });
    expect(styleOf(card(), 'background-color')).toBe('#0f172a');
    expect(styleOf(card(), 'color')).toBe('#f8fafc');
    expect(styleOf(card(), 'border-radius')).toBe('4px');
    // The step's last button is primary, the others secondary.
    expect(styleOf(button('Next'), 'background')).toBe('#f97316');
    expect(styleOf(button('Next'), 'color')).toBe('#000000');
    expect(styleOf(button('Skip'), 'background')).toBe('#334155');
    expect(styleOf(button('Skip'), 'color')).toBe('#e2e8f0');
    expect(styleOf(button('Next'), 'border-radius')).toBe('calc(4px * 2 / 3)');
    expect(styleOf(shadow().querySelector('.layer')!, 'font')).toBe('400 14px/1.5 Georgia, serif');
  });

  it("keeps today's look without a theme, whatever variables the page sets", () => {
    unstyle = hostilePage();
    player = playTour({ steps: [twoButtons()] });
    expect(styleOf(card(), 'background-color')).toBe('#fff');
    expect(styleOf(card(), 'color')).toBe('#111827');
    expect(styleOf(card(), 'border-radius')).toBe('12px');
    expect(styleOf(button('Next'), 'background')).toBe(DEFAULT_THEME.primary_button_background);
    expect(styleOf(button('Skip'), 'background')).toBe(DEFAULT_THEME.secondary_button_background);
  });

  it("lets a button's own colours win over the theme, not the editor's defaults", () => {
    player = playTour({
      steps: [
        aStep({
          buttons: [
            aButton({ label: 'Own', background_color: '#111111', color: '#eeeeee' }),
            aButton({ label: 'Plain', background_color: '#2563EB', color: '#ffffff' }),
          ],
        }),
      ],
      theme: BRAND,
    });
    expect(styleOf(button('Own'), 'background-color')).toBe('rgb(17, 17, 17)');
    expect(styleOf(button('Plain'), 'background')).toBe('#f97316');
    expect((button('Plain') as HTMLElement).style.backgroundColor).toBe('');
  });

  it('sets the z-index on the host, places banners and bubbles, and scales the backdrop', () => {
    player = playTour({
      steps: [aStep({ type: 'banner' }), aStep({ id: 's2', type: 'speech_bubble' })],
      theme: { z_index: 1000, banner_placement: 'bottom', bubble_placement: 'bottom-left' },
    });
    const host = document.querySelector<HTMLElement>('[data-signpost-tour]')!;
    expect(host.style.getPropertyValue('z-index')).toBe('1000');
    expect(host.style.getPropertyPriority('z-index')).toBe('important');
    expect(shadow().querySelector('.layer')!.classList).toContain('bottom');
    player.next();
    expect(shadow().querySelector('.layer')!.classList).toContain('left');
    player.destroy();
    // A step's own banner position wins over the theme's.
    player = playTour({
      steps: [aStep({ type: 'banner', banner_position: 'top' })],
      theme: { banner_placement: 'bottom' },
    });
    expect(shadow().querySelector('.layer')!.classList).not.toContain('bottom');
    player.destroy();
    player = playTour({ steps: [aStep()], theme: { backdrop_opacity: 0.2, shadow: 'none' } });
    expect(styleOf(shadow().querySelector('.backdrop')!, 'background')).toBe(
      'rgba(17, 24, 39, 0.2)',
    );
    expect(styleOf(card(), 'box-shadow')).toBe('none');
  });

  it('drops values that could escape the style rule, whatever the server sent', () => {
    const css = themeCss({
      card_background: 'red;}body{display:none',
      font_family: 'x;}.card{display:none',
      text_color: '#abc',
      corner_radius: 99,
      backdrop_opacity: Number.NaN,
      shadow: 'url(x)' as never,
    });
    expect(css).toBe('.layer{--sp-text:#abc}');
    expect(themeCss({})).toBe('');
    expect(themeCss(null)).toBe('');
  });

  it('drops only a font whose quote is left open: the rest of the theme still applies', () => {
    for (const font of ['"Brand Sans, sans-serif', "Inter', Arial", 'Georgia, "Times New Roman'])
      expect(themeCss({ ...BRAND, font_family: font })).toBe(
        '.layer{--sp-card:#0f172a;--sp-text:#f8fafc;--sp-p-bg:#f97316;--sp-p-fg:#000000;' +
          '--sp-s-bg:#334155;--sp-s-fg:#e2e8f0;--sp-radius:4px}',
      );
    unstyle = hostilePage();
    player = playTour({ steps: [twoButtons()], theme: { ...BRAND, font_family: '"Brand Sans' } });
    expect(styleOf(card(), 'background-color')).toBe('#0f172a');
    expect(styleOf(card(), 'border-radius')).toBe('4px');
    expect(themeCss({ font_family: '"Brand Sans", \'Open Sans\', sans-serif' })).toBe(
      `.layer{--sp-font:"Brand Sans", 'Open Sans', sans-serif}`,
    );
  });
});
