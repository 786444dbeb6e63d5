/** Gap between the target and the card. */
export const OFFSET = 12;
/** Least distance kept between the card and the edges of its frame when it is shifted. */
export const PADDING = 8;
/** Side of the (rotated) arrow square, and its least distance from the card's corners. */
const ARROW = 12;
const ARROW_PADDING = 10;

/** A box in viewport coordinates (what getBoundingClientRect returns). */
export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A tooltip's side of its target (lib/contracts/flows.ts); `auto` is below, flipped when it does not fit. */
export type Side = 'top' | 'right' | 'bottom' | 'left';

/**
 * Where a card goes: its top-left corner, the side of the target, the arrow's offset in it along
 * the card's `along` edge (left for a card above or below, top beside), and the card's `edge`
 * that faces the target (where the arrow sits).
 */
export interface Placement {
  x: number;
  y: number;
  side: Side;
  arrow: number;
  along: 'left' | 'top';
  edge: Side;
}

/** Room the spotlight leaves around its target. */
const SPOT_PADDING = 6;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, hi));

/**
 * Places a card of `width` × `height` on the `want` side of `target`, `offset` away (all in
 * viewport coordinates); `auto` is below. Flip: the opposite side when it does not fit on its
 * own and the opposite has more room. Shift: moved along the target's side to stay `PADDING`
 * inside `bounds`. The arrow points at the target's centre, kept off the card's rounded corners
 * (docs/flows.md, "Step options").
 */
export function place(
  target: Box,
  width: number,
  height: number,
  bounds: Box,
  want?: Side | 'auto' | null,
  offset = OFFSET,
): Placement {
  const vertical = want !== 'left' && want !== 'right';
  // The main axis runs from the target to the card, the cross axis along the target's side.
  const [lo, hi, from, to] = (
    vertical ? ['top', 'bottom', 'left', 'right'] : ['left', 'right', 'top', 'bottom']
  ) as (keyof Box)[];
  const [size, cross] = vertical ? [height, width] : [width, height];
  const before = target[lo]! - bounds[lo]!;
  const after = bounds[hi]! - target[hi]!;
  let next = want !== 'top' && want !== 'left';
  if ((next ? after : before) < offset + size && (next ? before : after) > (next ? after : before))
    next = !next;
  const main = next ? target[hi]! + offset : target[lo]! - offset - size;
  const centre = (target[from]! + target[to]!) / 2;
  const at = clamp(centre - cross / 2, bounds[from]! + PADDING, bounds[to]! - PADDING - cross);
  return {
    x: vertical ? at : main,
    y: vertical ? main : at,
    side: (next ? hi : lo) as Side,
    arrow: clamp(centre - at - ARROW / 2, ARROW_PADDING, cross - ARROW_PADDING - ARROW),
    along: from as 'left' | 'top',
    edge: (next ? lo : hi) as Side,
  };
}

/**
 * The element's box in this window's viewport: an element inside a same-origin iframe is moved
 * by each frame's position (and border) up to this window.
 */
export function boxOf(el: Element): Box {
  let x = 0;
  let y = 0;
  let w: Window | null = el.ownerDocument.defaultView;
  for (let f; w !== window && (f = w?.frameElement); w = w!.parent) {
    const r = f.getBoundingClientRect();
    x += r.left + f.clientLeft;
    y += r.top + f.clientTop;
  }
  const r = el.getBoundingClientRect();
  return { top: r.top + y, right: r.right + x, bottom: r.bottom + y, left: r.left + x };
}

/**
 * Keeps a tooltip card next to its target and follows scroll (of any element), resize, size
 * changes of either and DOM changes that may move the target (in this document and, for a
 * target in a same-origin iframe, in the target's own), once per animation frame.
 * The card is fixed in its layer (`position: fixed; inset: 0`), whose box is the card's frame:
 * the viewport, or the container of a confined tour. `want` and `offset` are the step's placement
 * and gap; `spot`, if any, is kept over the target (the spotlight's cut-out). `onLost` runs when
 * the target leaves the DOM. Returns the cleanup.
 */
export function anchorTooltip(
  target: Element,
  card: HTMLElement,
  tip: HTMLElement,
  onLost: () => void,
  want?: Side | 'auto' | null,
  offset?: number | null,
  spot?: HTMLElement | null,
): () => void {
  let frame = 0;
  const update = () => {
    frame = 0;
    if (!target.isConnected) return onLost();
    const layer = (card.parentElement ?? card).getBoundingClientRect();
    const root = document.documentElement;
    const bounds = {
      top: Math.max(layer.top, 0),
      left: Math.max(layer.left, 0),
      right: Math.min(layer.right, root.clientWidth || innerWidth),
      bottom: Math.min(layer.bottom, root.clientHeight || innerHeight),
    };
    const t = boxOf(target);
    const p = place(t, card.offsetWidth, card.offsetHeight, bounds, want, offset ?? OFFSET);
    card.style.left = `${p.x - layer.left}px`;
    card.style.top = `${p.y - layer.top}px`;
    card.dataset.placement = p.side;
    tip.style.cssText = `${p.along}:${p.arrow}px;${p.edge}:-6px`;
    if (spot)
      spot.style.cssText = `left:${t.left - layer.left - SPOT_PADDING}px;top:${t.top - layer.top - SPOT_PADDING}px;width:${t.right - t.left + 2 * SPOT_PADDING}px;height:${t.bottom - t.top + 2 * SPOT_PADDING}px`;
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  const options = { capture: true, passive: true };
  // A target in an iframe scrolls with its own document too.
  const doc = target.ownerDocument;
  addEventListener('scroll', schedule, options);
  doc.addEventListener('scroll', schedule, options);
  addEventListener('resize', schedule);
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  resize?.observe(target);
  resize?.observe(card);
  const mutation = new MutationObserver(schedule);
  // The target's own document too when it is in an iframe: its app may move or replace it.
  for (const d of [document, doc])
    mutation.observe(d.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  update();
  return () => {
    cancelAnimationFrame(frame);
    removeEventListener('scroll', schedule, options);
    doc.removeEventListener('scroll', schedule, options);
    removeEventListener('resize', schedule);
    resize?.disconnect();
    mutation.disconnect();
  };
}
