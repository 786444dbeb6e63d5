import type { FlowButton, FlowStep } from '../../../lib/contracts/flows';
import { applyBackground } from './background';
import { h } from './dom';
import { sanitizedFragment } from './sanitize';

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const TYPES = new Set(['modal', 'tool_tip', 'speech_bubble', 'banner']);

/** The DOM of one shown step; `arrow` exists for tooltips only. */
export interface StepView {
  layer: HTMLElement;
  card: HTMLElement;
  arrow: HTMLElement | null;
}

/** What the step's controls do; the player decides. */
export interface StepHandlers {
  onButton(button: FlowButton): void;
  onClose(): void;
}

function renderButton(button: FlowButton, onClick: () => void): HTMLButtonElement {
  const el = h('button', { type: 'button', class: 'button' }, button.label);
  // Colours come from the editor but are checked again: only hex values reach the style.
  if (HEX.test(button.background_color)) el.style.backgroundColor = button.background_color;
  if (HEX.test(button.color)) el.style.color = button.color;
  el.addEventListener('click', onClick);
  return el;
}

/**
 * Builds a step: a layer (with a backdrop for modals) holding the card, i.e. the sanitised
 * content, the step's buttons and the close button. Positioning of tooltips is the player's.
 */
export function renderStep(
  step: FlowStep,
  index: number,
  total: number,
  handlers: StepHandlers,
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
  const heading = content.querySelector('h1, h2, h3, h4');
  if (heading?.textContent?.trim()) {
    heading.id = 'sp-title';
    card.setAttribute('aria-labelledby', 'sp-title');
  } else {
    card.setAttribute('aria-label', `Tour step ${index + 1} of ${total}`);
    card.setAttribute('aria-describedby', 'sp-content');
  }
  card.append(content);
  if (step.buttons?.length) {
    const actions = h('div', { class: 'actions' });
    for (const button of step.buttons)
      actions.append(renderButton(button, () => handlers.onButton(button)));
    card.append(actions);
  }
  const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Close tour' }, '×');
  close.addEventListener('click', handlers.onClose);
  card.append(close);
  applyBackground(card, step);

  const arrow = type === 'tool_tip' ? h('div', { class: 'arrow', 'aria-hidden': 'true' }) : null;
  if (arrow) card.append(arrow);
  const bottom = type === 'banner' && step.banner_position === 'bottom';
  const layer = h('div', { class: `layer ${type}${bottom ? ' bottom' : ''}` });
  if (modal) layer.append(h('div', { class: 'backdrop' }));
  layer.append(card);
  return { layer, card, arrow };
}
