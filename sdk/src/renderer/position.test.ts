import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_OFFSET_DEFAULT } from '../../../lib/contracts/flows';
import { OFFSET, PADDING, anchorTooltip, boxOf, place, type Box } from './position';

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const VIEW = box(0, 0, 1000, 800);

describe('place', () => {
  it('puts the card below the target, centred, OFFSET away, the arrow at the centre', () => {
    expect(place(box(200, 100, 100, 40), 120, 80, VIEW)).toEqual({
      x: 190,
      y: 140 + OFFSET,
      side: 'bottom',
      arrow: 250 - 190 - 6,
      along: 'left',
      edge: 'top',
    });
  });

  it('flips above when there is no room below but room above', () => {
    const p = place(box(200, 700, 100, 40), 120, 80, VIEW);
    expect(p).toMatchObject({ side: 'top', y: 700 - OFFSET - 80 });
    // Exactly fitting below stays below.
    expect(place(box(200, 668, 100, 40), 120, 80, VIEW).side).toBe('bottom');
  });

  it('takes the side with more room when it fits on neither', () => {
    const short = box(0, 0, 1000, 150);
    expect(place(box(200, 80, 100, 20), 120, 80, short).side).toBe('top'); // 80 above, 50 below
    expect(place(box(200, 40, 100, 20), 120, 80, short).side).toBe('bottom'); // 40 above, 90 below
  });

  it('shifts sideways to stay PADDING inside the bounds, the arrow still at the target', () => {
    const left = place(box(0, 100, 20, 20), 120, 80, VIEW);
    expect(left.x).toBe(PADDING);
    expect(left.arrow).toBe(10); // kept off the rounded corner
    const right = place(box(980, 100, 20, 20), 120, 80, VIEW);
    expect(right.x).toBe(1000 - PADDING - 120);
    expect(right.arrow).toBe(120 - 10 - 12);
    const mid = place(box(900, 100, 40, 20), 120, 80, VIEW);
    expect(mid.x + mid.arrow + 6).toBe(920); // points at the centre of the target
  });

  it('works in a frame that is not the viewport (a confined tour)', () => {
    const frame = box(100, 60, 400, 300);
    const p = place(box(100, 300, 20, 20), 120, 80, frame);
    expect(p).toMatchObject({ x: 100 + PADDING, side: 'top', y: 300 - OFFSET - 80 });
  });
});

describe('place on a chosen side (docs/flows.md, "Step options")', () => {
  const target = box(400, 300, 100, 40);

  it('puts the card on each side, `offset` away, centred on the target', () => {
    expect(place(target, 120, 80, VIEW, 'top', 20)).toEqual({
      x: 390,
      y: 300 - 20 - 80,
      side: 'top',
      arrow: 54,
      along: 'left',
      edge: 'bottom',
    });
    expect(place(target, 120, 80, VIEW, 'bottom', 0)).toMatchObject({ y: 340, side: 'bottom' });
    expect(place(target, 120, 80, VIEW, 'left', 16)).toEqual({
      x: 400 - 16 - 120,
      y: 280,
      side: 'left',
      arrow: 40 - 6,
      along: 'top',
      edge: 'right',
    });
    expect(place(target, 120, 80, VIEW, 'right')).toMatchObject({
      x: 500 + OFFSET,
      y: 280,
      side: 'right',
    });
  });

  it("auto is below, flipped above as before; the default gap is the contract's", () => {
    expect(place(target, 120, 80, VIEW, 'auto')).toEqual(place(target, 120, 80, VIEW));
    expect(OFFSET).toBe(TOOLTIP_OFFSET_DEFAULT);
  });

  it('flips to the opposite side when the chosen one has no room and the other has more', () => {
    expect(place(box(10, 300, 40, 40), 120, 80, VIEW, 'left').side).toBe('right');
    expect(place(box(950, 300, 40, 40), 120, 80, VIEW, 'right').side).toBe('left');
    expect(place(box(400, 10, 100, 40), 120, 80, VIEW, 'top').side).toBe('bottom');
    // No room on either side: the one with more room, here still the chosen one.
    const narrow = box(0, 0, 200, 800);
    expect(place(box(110, 300, 40, 40), 120, 80, narrow, 'left').side).toBe('left');
    expect(place(box(60, 300, 40, 40), 120, 80, narrow, 'left').side).toBe('right');
  });

  it('shifts along the side to stay inside the bounds, the arrow still at the target', () => {
    const p = place(box(900, 750, 40, 20), 120, 80, VIEW, 'left');
    expect(p.y).toBe(800 - PADDING - 80);
    expect(p.y + p.arrow + 6).toBe(760);
  });
});

describe('boxOf', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it("moves an element inside a same-origin iframe by the frame's position and border", () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentDocument!.createElement('button');
    frame.contentDocument!.body.append(inner);
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 50, 400, 300));
    vi.spyOn(frame, 'clientLeft', 'get').mockReturnValue(2);
    vi.spyOn(frame, 'clientTop', 'get').mockReturnValue(3);
    vi.spyOn(inner, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 20, 30, 40));
    expect(boxOf(inner)).toEqual({ left: 112, top: 73, right: 142, bottom: 113 });
    const plain = document.createElement('div');
    document.body.append(plain);
    vi.spyOn(plain, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 20, 30, 40));
    expect(boxOf(plain)).toEqual({ left: 10, top: 20, right: 40, bottom: 60 });
  });
});

describe('anchorTooltip', () => {
  let frames: FrameRequestCallback[] = [];
  const flushFrames = () => {
    const run = frames;
    frames = [];
    run.forEach((cb) => cb(0));
  };
  let target: HTMLElement;
  let layer: HTMLElement;
  let card: HTMLElement;
  let tip: HTMLElement;
  const rect = (el: Element, b: Box) =>
    vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({
      ...b,
      x: b.left,
      y: b.top,
      width: b.right - b.left,
      height: b.bottom - b.top,
      toJSON: () => b,
    });

  beforeEach(() => {
    vi.stubGlobal(
      'requestAnimationFrame',
      vi.fn((cb: FrameRequestCallback) => frames.push(cb)),
    );
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    document.body.innerHTML =
      '<button id="t">Buy</button><div id="layer"><div id="card"><i></i></div></div>';
    target = document.getElementById('t')!;
    layer = document.getElementById('layer')!;
    card = document.getElementById('card')!;
    tip = card.querySelector('i')!;
    Object.defineProperty(card, 'offsetWidth', { value: 120 });
    Object.defineProperty(card, 'offsetHeight', { value: 80 });
    rect(layer, box(0, 0, innerWidth, innerHeight));
    rect(target, box(200, 100, 100, 40));
  });
  afterEach(() => {
    frames = [];
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('places the card and its arrow at once', () => {
    const stop = anchorTooltip(target, card, tip, () => {});
    expect(card.style.left).toBe('190px');
    expect(card.style.top).toBe('152px');
    expect(card.dataset.placement).toBe('bottom');
    expect(tip.style.left).toBe('54px');
    expect(tip.style.top).toBe('-6px');
    expect(tip.style.bottom).toBe('');
    stop();
  });

  it('positions relative to its layer: a confined tour is framed by its container', () => {
    rect(layer, box(100, 50, 600, 500));
    const stop = anchorTooltip(target, card, tip, () => {});
    expect(card.style.left).toBe('90px'); // 190 in the viewport
    expect(card.style.top).toBe('102px');
    stop();
  });

  it('follows scroll of any element, resize and DOM changes, once per frame', async () => {
    const stop = anchorTooltip(target, card, tip, () => {});
    rect(target, box(200, 700, 100, 40));
    const scroller = document.createElement('div');
    document.body.append(scroller);
    await Promise.resolve(); // the mutation above schedules a frame too
    scroller.dispatchEvent(new Event('scroll')); // does not bubble: seen in the capture phase
    window.dispatchEvent(new Event('resize'));
    expect(frames).toHaveLength(1);
    flushFrames();
    expect(card.dataset.placement).toBe('top');
    expect(card.style.top).toBe(`${700 - OFFSET - 80}px`);
    expect(tip.style.bottom).toBe('-6px');
    expect(tip.style.top).toBe('');

    rect(target, box(500, 100, 100, 40));
    target.setAttribute('class', 'moved');
    await Promise.resolve();
    flushFrames();
    expect(card.style.left).toBe('490px');

    stop();
    window.dispatchEvent(new Event('resize'));
    target.setAttribute('class', 'again');
    await Promise.resolve();
    expect(frames).toHaveLength(0);
  });

  it("honours the step's side and offset, and keeps the spotlight over the target", () => {
    const spot = document.createElement('div');
    const stop = anchorTooltip(target, card, tip, () => {}, 'right', 20, spot);
    expect(card.dataset.placement).toBe('right');
    expect(card.style.left).toBe(`${300 + 20}px`);
    expect(card.style.top).toBe('80px');
    expect(tip.style.left).toBe('-6px');
    expect(tip.style.top).toBe('34px');
    expect(spot.style.cssText).toBe('left: 194px; top: 94px; width: 112px; height: 52px;');
    stop();
  });

  it('follows a target in an iframe when that document scrolls', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const inner = frame.contentDocument!.createElement('button');
    frame.contentDocument!.body.append(inner);
    rect(frame, box(100, 200, 500, 400));
    rect(inner, box(10, 10, 40, 20));
    const stop = anchorTooltip(inner, card, tip, () => {});
    expect(card.style.top).toBe(`${230 + OFFSET}px`);
    rect(inner, box(10, 50, 40, 20));
    frame.contentDocument!.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    flushFrames();
    expect(card.style.top).toBe(`${270 + OFFSET}px`);
    stop();
  });

  it("follows DOM changes in the target's iframe, and reports it lost when that app removes it", async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument!;
    const inner = doc.createElement('button');
    doc.body.append(inner);
    rect(frame, box(100, 200, 500, 400));
    rect(inner, box(10, 10, 40, 20));
    // In a shadow root, as the player shows it: the card's own style changes are not observed.
    const host = document.createElement('div');
    document.body.append(host);
    host.attachShadow({ mode: 'open' }).append(layer);
    const onLost = vi.fn();
    const stop = anchorTooltip(inner, card, tip, onLost);
    await Promise.resolve();
    expect(frames).toHaveLength(0);
    rect(inner, box(10, 50, 40, 20));
    inner.setAttribute('class', 'moved'); // no scroll, no resize: only the iframe's DOM changed
    await Promise.resolve();
    expect(frames).toHaveLength(1);
    flushFrames();
    expect(card.style.top).toBe(`${270 + OFFSET}px`);
    inner.remove();
    await Promise.resolve();
    flushFrames();
    expect(onLost).toHaveBeenCalledTimes(1);
    stop();
    doc.body.append(doc.createElement('p'));
    await Promise.resolve();
    expect(frames).toHaveLength(0);
  });

  it('reports a target that left the DOM', async () => {
    const onLost = vi.fn();
    const stop = anchorTooltip(target, card, tip, onLost);
    target.remove();
    await Promise.resolve();
    flushFrames();
    expect(onLost).toHaveBeenCalledTimes(1);
    stop();
  });
});
