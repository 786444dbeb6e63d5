import { describe, expect, it } from 'vitest';
import { clickTarget, stepOnPage } from './steps';
import { aButton, aStep } from '../../../../tests/fixtures/flows';

describe('clickTarget', () => {
  const steps = [
    aStep({
      id: 'a',
      buttons: [
        aButton({
          id: 'goto-c',
          actions: [
            { type: 'goto', reference_step: 'c' },
            { type: 'navigation', value: '/x' },
          ],
        }),
        aButton({ id: 'leave', actions: [{ type: 'navigation', value: '/x' }] }),
        aButton({ id: 'close', actions: [{ type: 'dismiss' }] }),
      ],
      element_actions: [{ type: 'navigation', value: '/y' }],
    }),
    aStep({ id: 'b' }),
    aStep({ id: 'c' }),
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
  const tip = aStep({
    id: 't',
    type: 'tool_tip',
    select_element: { url: 'https://shop.example.com/Cart/', selector: '#buy' },
  });
  it('a tooltip shows only on its page (path, case and trailing slash aside)', () => {
    expect(stepOnPage(tip, 'https://shop.example.com/cart?x=1')).toBe(true);
    expect(stepOnPage(tip, 'https://shop.example.com/shop')).toBe(false);
    expect(stepOnPage(aStep({ id: 'm' }), 'https://shop.example.com/shop')).toBe(true);
  });
});
