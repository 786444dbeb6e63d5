import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowStep } from '../../../lib/contracts/flows';
import { aButton, aStep } from '../testing/flows';
import { playTour, type TourPlayer } from './index';

const STEPS: FlowStep[] = [
  aStep({
    id: 's1',
    content: '<h2>Welcome</h2><p>Hello <strong>there</strong><img src=x onerror="alert(1)"></p>',
    buttons: [
      aButton({ label: 'Next', actions: [{ type: 'goto', reference_step: 's3' }] }),
      aButton({ label: 'Later', actions: [] }),
    ],
  }),
  aStep({ id: 's2', buttons: [aButton({ label: 'Stop', actions: [{ type: 'dismiss' }] })] }),
  aStep({
    id: 's3',
    buttons: [
      aButton({ label: 'Evil', actions: [{ type: 'navigation', value: 'javascript:alert(1)' }] }),
      aButton({ label: 'Pricing', actions: [{ type: 'navigation', value: '/pricing' }] }),
    ],
  }),
];

let player: TourPlayer | undefined;
afterEach(() => {
  player?.destroy();
  player = undefined;
  document.body.innerHTML = '';
});

const host = () => document.querySelector<HTMLElement>('[data-signpost-tour]');
const shadow = () => host()!.shadowRoot!;
const dialog = () => shadow().querySelector<HTMLElement>('[role="dialog"]')!;
const buttonNamed = (name: string) =>
  Array.from(shadow().querySelectorAll('button')).find(
    (b) => b.textContent === name || b.getAttribute('aria-label') === name,
  )!;
const press = (key: string, shiftKey = false) =>
  (host()?.shadowRoot?.activeElement ?? document.activeElement ?? document.body).dispatchEvent(
    new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, composed: true }),
  );

describe('playTour', () => {
  it('shows a modal in a shadow root: a labelled dialog with the sanitised content', () => {
    player = playTour({ steps: STEPS });
    expect(host()!.style.getPropertyValue('display')).toBe('block');
    expect(host()!.style.getPropertyPriority('display')).toBe('important');
    expect(document.querySelector('[role="dialog"]')).toBeNull(); // nothing in the page's DOM
    const d = dialog();
    expect(d).toHaveAttribute('aria-modal', 'true');
    expect(shadow().getElementById(d.getAttribute('aria-labelledby')!)).toHaveTextContent(
      'Welcome',
    );
    expect(d).toHaveTextContent('Hello there');
    expect(d.innerHTML).not.toMatch(/onerror/);
    expect(shadow().querySelector('.backdrop')).not.toBeNull();
    expect(buttonNamed('Close tour')).toBeDefined();
    expect(d.contains(shadow().activeElement)).toBe(true);
    expect(player.index).toBe(0);
  });

  it('runs button actions: goto shows the referenced step, navigation opens safe links only', () => {
    const onStepShown = vi.fn();
    const onEnd = vi.fn();
    const navigate = vi.fn();
    player = playTour({ steps: STEPS, onStepShown, onEnd, navigate });
    buttonNamed('Later').click(); // no action: nothing happens
    expect(player.index).toBe(0);
    buttonNamed('Next').click();
    expect(player.index).toBe(2);
    expect(onStepShown).toHaveBeenLastCalledWith(STEPS[2], 2);
    expect(dialog()).toHaveTextContent('About s3');
    expect(shadow().querySelectorAll('[role="dialog"]')).toHaveLength(1);

    buttonNamed('Evil').click();
    expect(navigate).not.toHaveBeenCalled();
    expect(host()).not.toBeNull();
    buttonNamed('Pricing').click();
    expect(navigate).toHaveBeenCalledWith('/pricing');
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('navigated', undefined);
    expect(host()).toBeNull();
  });

  it('a button that goes to a step and leaves the page does not show that step here', () => {
    const onStepShown = vi.fn();
    const onEnd = vi.fn();
    const navigate = vi.fn();
    const steps = [
      {
        ...STEPS[0]!,
        buttons: [
          {
            id: 'go',
            label: 'Go',
            background_color: '#111111',
            color: '#ffffff',
            actions: [
              { type: 'goto' as const, reference_step: STEPS[2]!.id },
              { type: 'navigation' as const, value: '/cart' },
            ],
          },
        ],
      },
      STEPS[1]!,
      STEPS[2]!,
    ];
    player = playTour({ steps, onStepShown, onEnd, navigate });
    onStepShown.mockClear();
    buttonNamed('Go').click();
    expect(onStepShown).not.toHaveBeenCalled();
    expect(player.index).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/cart');
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('navigated', undefined);
  });

  it('a dismiss button and the close button end the tour as dismissed', () => {
    const onEnd = vi.fn();
    player = playTour({ steps: STEPS, startAt: 1, onEnd });
    buttonNamed('Stop').click();
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('dismissed', 'button');
    expect(host()).toBeNull();

    const onEnd2 = vi.fn();
    player = playTour({ steps: STEPS, onEnd: onEnd2 });
    buttonNamed('Close tour').click();
    expect(onEnd2).toHaveBeenCalledExactlyOnceWith('dismissed', 'close');
  });

  it('Esc dismisses; next() after the last step completes', () => {
    const onEnd = vi.fn();
    player = playTour({ steps: STEPS, onEnd });
    press('Escape');
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('dismissed', 'esc');
    expect(host()).toBeNull();

    const onEnd2 = vi.fn();
    player = playTour({ steps: STEPS, onEnd: onEnd2 });
    player.goTo('s2');
    expect(dialog()).toHaveTextContent('About s2');
    player.next();
    expect(player.index).toBe(2);
    player.next();
    expect(onEnd2).toHaveBeenCalledExactlyOnceWith('completed', undefined);
  });

  it('non-modal steps end on Esc only when it is pressed inside the tour and not taken by the page', () => {
    const field = document.createElement('input');
    document.body.append(field);
    for (const type of ['tool_tip', 'speech_bubble', 'banner'] as const) {
      const onEnd = vi.fn();
      player = playTour({ steps: [aStep({ id: 'x', type })], onEnd });
      field.focus();
      press('Escape'); // the page's Esc, e.g. closing its own menu
      expect(onEnd).not.toHaveBeenCalled();
      expect(host()).not.toBeNull();

      buttonNamed('Close tour').focus();
      const taken = new KeyboardEvent('keydown', {
        key: 'Escape',
        bubbles: true,
        cancelable: true,
        composed: true,
      });
      window.addEventListener('keydown', (e) => e.preventDefault(), { capture: true, once: true });
      shadow().activeElement!.dispatchEvent(taken); // handled by the page before the tour
      expect(onEnd).not.toHaveBeenCalled();

      press('Escape');
      expect(onEnd).toHaveBeenCalledExactlyOnceWith('dismissed', 'esc');
      expect(host()).toBeNull();
    }
  });

  it('a modal step ends on Esc even when focus is on the page', () => {
    const field = document.createElement('input');
    document.body.append(field);
    const onEnd = vi.fn();
    player = playTour({ steps: STEPS, onEnd });
    field.focus();
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    field.dispatchEvent(event);
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('dismissed', 'esc');
    expect(event.defaultPrevented).toBe(true); // the page can tell the tour took it
  });

  it('a goto to a step that no longer exists goes on to the next step, or completes after the last', () => {
    const onEnd = vi.fn();
    const gone = [{ type: 'goto', reference_step: 'deleted' }] as const;
    player = playTour({
      steps: [
        aStep({ id: 'a', buttons: [aButton({ label: 'Onward', actions: [...gone] })] }),
        aStep({ id: 'b', buttons: [aButton({ label: 'Finish', actions: [...gone] })] }),
      ],
      onEnd,
    });
    buttonNamed('Onward').click();
    expect(player.index).toBe(1);
    expect(dialog()).toHaveTextContent('About b');
    buttonNamed('Finish').click();
    expect(onEnd).toHaveBeenCalledExactlyOnceWith('completed', undefined);
    expect(host()).toBeNull();
  });

  it('puts the host after body by default, and confines the tour to a container', () => {
    player = playTour({ steps: STEPS });
    expect(host()!.parentElement).toBe(document.documentElement);
    expect(document.body.contains(host())).toBe(false);
    expect(host()!.style.getPropertyValue('position')).toBe('fixed');
    player.destroy();

    const stage = document.createElement('div');
    document.body.append(stage);
    player = playTour({ steps: STEPS, container: stage });
    expect(host()!.parentElement).toBe(stage);
    // Covers the container and is the frame of the steps' fixed layers.
    for (const [name, value] of [
      ['position', 'absolute'],
      ['top', '0px'],
      ['right', '0px'],
      ['bottom', '0px'],
      ['left', '0px'],
      ['transform', 'translateZ(0)'],
      ['overflow', 'hidden'],
      ['pointer-events', 'none'],
    ]) {
      expect(host()!.style.getPropertyValue(name!)).toBe(value);
      expect(host()!.style.getPropertyPriority(name!)).toBe('important');
    }
    player.destroy();

    player = playTour({ steps: STEPS, container: document.body });
    expect(host()!.parentElement).toBe(document.body);
    expect(host()!.style.getPropertyValue('position')).toBe('fixed');
  });

  it('shows the root element while playing when the page hides it, and gives it back', () => {
    const css = document.createElement('style');
    css.textContent = '* { display: none !important; }';
    document.head.append(css);
    try {
      const html = document.documentElement;
      expect(getComputedStyle(html).display).toBe('none');
      player = playTour({ steps: STEPS });
      expect(html.style.getPropertyValue('display')).toBe('block');
      expect(html.style.getPropertyPriority('display')).toBe('important');
      expect(getComputedStyle(document.body).display).toBe('none'); // the page stays hidden
      player.dismiss();
      expect(html.getAttribute('style') ?? '').toBe('');
      expect(getComputedStyle(html).display).toBe('none');
    } finally {
      css.remove();
    }
  });

  it('traps Tab inside a modal and gives focus back when the tour ends', () => {
    const opener = document.createElement('button');
    opener.textContent = 'Start tour';
    document.body.append(opener);
    opener.focus();
    player = playTour({ steps: STEPS });
    const [first, , last] = Array.from(shadow().querySelectorAll('button'));
    expect(last).toBe(buttonNamed('Close tour'));
    last!.focus();
    press('Tab');
    expect(shadow().activeElement).toBe(first);
    press('Tab', true);
    expect(shadow().activeElement).toBe(last);
    opener.focus(); // focus escaped to the page: Tab brings it back
    press('Tab');
    expect(shadow().activeElement).toBe(first);
    press('Escape');
    expect(document.activeElement).toBe(opener);
  });

  it('anchors a tooltip to its target and runs element actions on the target', () => {
    document.body.innerHTML = '<button id="buy">Buy</button>';
    const tip = aStep({
      id: 't1',
      type: 'tool_tip',
      select_element: { url: '/', selector: '#buy' },
      element_actions: [{ type: 'goto', reference_step: 's2' }],
    });
    player = playTour({ steps: [tip, STEPS[1]!] });
    expect(dialog()).toHaveAttribute('aria-modal', 'false');
    expect(shadow().querySelector('.centered')).toBeNull();
    expect(shadow().querySelector('.arrow')).not.toBeNull();
    document.getElementById('buy')!.click();
    expect(dialog()).toHaveTextContent('About s2');
  });

  it('shows a tooltip centred when its target is missing or its selector is invalid', () => {
    for (const selector of ['#nowhere', '##bad[']) {
      const tip = aStep({ id: 't1', type: 'tool_tip', select_element: { url: '/', selector } });
      player = playTour({ steps: [tip] });
      expect(dialog()).toHaveTextContent('About t1');
      expect(shadow().querySelector('.centered')).not.toBeNull();
      expect(shadow().querySelector('.arrow')).toBeNull();
      player.destroy();
    }
  });

  it('renders speech bubbles and banners as non-modal dialogs without moving focus', () => {
    const opener = document.createElement('input');
    document.body.append(opener);
    opener.focus();
    for (const type of ['speech_bubble', 'banner'] as const) {
      player = playTour({ steps: [aStep({ id: 'x', type })] });
      expect(dialog()).toHaveAttribute('aria-modal', 'false');
      expect(dialog()).toHaveTextContent('About x');
      expect(shadow().querySelector('.backdrop')).toBeNull();
      expect(document.activeElement).toBe(opener);
      player.destroy();
    }
  });

  it('puts a banner at the top unless its position is bottom', () => {
    player = playTour({ steps: [aStep({ id: 'top', type: 'banner' })] });
    expect(shadow().querySelector('.layer')).toHaveClass('banner');
    expect(shadow().querySelector('.layer')).not.toHaveClass('bottom');
    player.destroy();
    player = playTour({ steps: [aStep({ id: 'low', type: 'banner', banner_position: 'bottom' })] });
    expect(shadow().querySelector('.layer')).toHaveClass('banner', 'bottom');
    expect(shadow().querySelector('style')!.textContent).toContain(
      '.banner.bottom .card{top:auto;bottom:0}',
    );
  });

  it('applies the background image and its allow-listed options', () => {
    const bg = (url: string, options: string | null) =>
      aStep({ id: 'b', background_image_url: url, background_image_options: options });
    player = playTour({
      steps: [
        bg(
          'https://cdn.example/bg.png',
          '{"size":"contain","position":"left top","repeat":"repeat-x"}',
        ),
        bg('/img/bg.png', 'not json'),
        bg('javascript:alert(1)', null),
        bg('https://cdn.example/a.png', '{"size":"cover;position:fixed","position":"url(x)"}'),
      ],
    });
    let style = dialog().style;
    expect(style.backgroundImage).toBe('url("https://cdn.example/bg.png")');
    expect(style.backgroundSize).toBe('contain');
    expect(style.backgroundPosition).toBe('left top');
    expect(style.backgroundRepeat).toBe('repeat-x');
    player.next();
    style = dialog().style;
    expect(style.backgroundImage).toBe('url("/img/bg.png")');
    expect(style.backgroundSize).toBe('cover');
    expect(style.backgroundRepeat).toBe('no-repeat');
    player.next();
    expect(dialog().style.backgroundImage).toBe('');
    player.next();
    expect(dialog().style.backgroundSize).toBe('cover');
    expect(dialog().style.backgroundPosition).toBe('center');
  });

  it('destroy removes the host and every listener, and calls no onEnd', () => {
    document.body.innerHTML = '<button id="buy">Buy</button>';
    // Spies call through: they only record which listeners autoUpdate adds and removes.
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const onEnd = vi.fn();
    const tip = aStep({
      id: 't',
      type: 'tool_tip',
      select_element: { url: '/', selector: '#buy' },
    });
    player = playTour({ steps: [tip], onEnd });
    const added = add.mock.calls.map((call) => call[1]);
    expect(added.length).toBeGreaterThan(0); // autoUpdate follows scroll and resize
    player.destroy();
    expect(host()).toBeNull();
    expect(remove.mock.calls.map((call) => call[1])).toEqual(expect.arrayContaining(added));
    press('Escape');
    expect(onEnd).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
