import type { FlowButton, FlowStep } from '../../../lib/contracts/flows';
import { THEME_COLOR } from '../../../lib/contracts/theme-constants';
import { applyBackground } from './background';
import { h } from './dom';
import { sanitizedFragment } from './sanitize';
import type { TourTheme } from './theme';

const TYPES = new Set(['modal', 'tool_tip', 'speech_bubble', 'banner']);
/** The editor's colours of a new button: such a button takes the theme's (docs/theme.md). */
const EDITOR_DEFAULTS = /^#(?:2563eb|fff|ffffff)$/i;

/** The DOM of one shown step; `arrow` exists for tooltips only, `spot` for a spotlight's. */
export interface StepView {
  layer: HTMLElement;
  card: HTMLElement;
  arrow: HTMLElement | null;
  spot: HTMLElement | null;
}

/** What the step's controls do; the player decides. */
export interface StepHandlers {
  onButton(button: FlowButton): void;
  onClose(): void;
}

/** A colour the button sets itself: hex only, and not the editor's default (the theme's then). */
const own = (c: string) => THEME_COLOR.test(c) && !EDITOR_DEFAULTS.test(c);

/** A step's last button is its primary one; the ones before it are secondary (docs/theme.md). */
function renderButton(button: FlowButton, primary: boolean, onClick: () => void) {
  const el = h(
    'button',
    { type: 'button', class: primary ? 'button' : 'button secondary' },
    button.label,
  );
  // Colours come from the editor but are checked again: only hex values reach the style.
  if (own(button.background_color)) el.style.backgroundColor = button.background_color;
  if (own(button.color)) el.style.color = button.color;
  el.addEventListener('click', onClick);
  return el;
}

/**
 * Builds a step: a layer (with a backdrop for modals, a spotlight for a tooltip asking for one)
 * holding the card, i.e. the sanitised content, the progress ("2 of 4") when asked, the step's
 * buttons and the close button. Positioning of tooltips is the player's.
 * The theme places banners (unless the step says) and speech bubbles.
 */
export function renderStep(
  step: FlowStep,
  index: number,
  total: number,
  handlers: StepHandlers,
  theme?: TourTheme | null,
): StepView {
  const type = TYPES.has(step.type) ? step.type : 'modal';
  const modal = type === 'modal';
  const content = h('div', { class: 'content', id: 'sp-content' });
  content.append(sanitizedFragment(step.content));

  const card = h('div', {
    class: 'card',
    role: 'dialog',
    tabindex: '-1',
    'aria-modal': String(modal),
  });
  const heading = content.querySelector('h1,h2,h3,h4');
  if (heading?.textContent?.trim()) {
    heading.id = 'sp-title';
    card.setAttribute('aria-labelledby', 'sp-title');
  } else {
    card.setAttribute('aria-label', `Tour step ${index + 1} of ${total}`);
    card.setAttribute('aria-describedby', 'sp-content');
  }
  card.append(content);
  const buttons = step.buttons ?? [];
  if (buttons.length || step.show_progress) {
    const actions = h('div', { class: 'actions' });
    // Its place among the tour's steps, in their order (docs/flows.md, "Step options").
    if (step.show_progress)
      actions.append(h('span', { class: 'progress' }, `${index + 1} of ${total}`));
    buttons.forEach((button, i) =>
      actions.append(
        renderButton(button, i === buttons.length - 1, () => handlers.onButton(button)),
      ),
    );
    card.append(actions);
  }
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Close tour' }, '×');
  close.addEventListener('click', handlers.onClose);
  card.append(close);
  applyBackground(card, step);

  const arrow = type === 'tool_tip' ? h('div', { class: 'arrow' }) : null;
  if (arrow) card.append(arrow);
  const bottom =
    type === 'banner' && (step.banner_position ?? theme?.banner_placement) === 'bottom';
  const left = type === 'speech_bubble' && theme?.bubble_placement === 'bottom-left';
  const layer = h('div', {
    class: `layer ${type}${bottom ? ' bottom' : ''}${left ? ' left' : ''}`,
  });
  if (modal) layer.append(h('div', { class: 'backdrop' }));
  // The spotlight: a box over the target whose shadow dims the rest (the player places it).
  const spot = arrow && step.spotlight ? h('div', { class: 'spot' }) : null;
  if (spot) layer.append(spot);
  layer.append(card);
  return { layer, card, arrow, spot };
}
