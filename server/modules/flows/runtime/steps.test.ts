import { describe, expect, it } from 'vitest';
import type { FlowStep } from '../../../../lib/contracts/flows';
import { clickTarget, stepOnPage } from './steps';

const step = (id: string, extra: Partial<FlowStep> = {}): FlowStep => ({
  id,
  type: 'modal',
  content: '',
  buttons: [],
  element_actions: [],
  ...extra,
});
const button = (id: string, actions: FlowStep['element_actions']) => ({
  id,
  label: id,
  background_color: '#111111',
  color: '#ffffff',
  actions,
});

describe('clickTarget', () => {
  const steps = [
    step('a', {
      buttons: [
        button('goto-c', [
          { type: 'goto', reference_step: 'c' },
          { type: 'navigation', value: '/x' },
        ]),
        button('leave', [{ type: 'navigation', value: '/x' }]),
        button('close', [{ type: 'dismiss' }]),
      ],
      element_actions: [{ type: 'navigation', value: '/y' }],
    }),
    step('b'),
    step('c'),
  ];
  it.each([
    ['goto wins over navigation', 'goto-c', 'c'],
    ['navigation alone moves to the next step', 'leave', 'b'],
    ['a dismiss moves nowhere', 'close', undefined],
    ['no button id: the element actions', undefined, 'b'],
  ])('%s', (_name, buttonId, to) => {
    expect(clickTarget(steps, 0, buttonId)?.to?.id).toBe(to);
  });
  it('a button the step does not have is unknown', () => {
    expect(clickTarget(steps, 0, 'nope')).toBeUndefined();
    expect(clickTarget(steps, 9, undefined)).toBeUndefined();
  });
});

describe('stepOnPage', () => {
  const tip = step('t', {
    type: 'tool_tip',
    select_element: { url: 'https://shop.example.com/Cart/', selector: '#buy' },
  });
  it('a tooltip shows only on its page (path, case and trailing slash aside)', () => {
    expect(stepOnPage(tip, 'https://shop.example.com/cart?x=1')).toBe(true);
    expect(stepOnPage(tip, 'https://shop.example.com/shop')).toBe(false);
    expect(stepOnPage(step('m'), 'https://shop.example.com/shop')).toBe(true);
  });
});
