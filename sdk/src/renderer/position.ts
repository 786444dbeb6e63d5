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

/** Where a card goes: its top-left corner, the side of the target, the arrow's offset in it. */
export interface Placement {
  x: number;
  y: number;
  side: 'bottom' | 'top';
  arrow: number;
}

/**
 * Places a card of `width` × `height` below `target`, `OFFSET` away (all in viewport
 * coordinates). Flip: above instead when it does not fit below but fits above (neither: the side
 * with more room). Shift: moved sideways to stay `PADDING` inside `bounds`. The arrow points at
 * the target's centre, kept off the card's rounded corners.
 */
export function place(target: Box, width: number, height: number, bounds: Box): Placement {
  const below = target.bottom + OFFSET;
  const above = target.top - OFFSET - height;
  const fitsBelow = below + height <= bounds.bottom;
  const up =
    !fitsBelow && (above >= bounds.top || target.top - bounds.top > bounds.bottom - target.bottom);
  const centre = (target.left + target.right) / 2;
  const x = Math.max(
    bounds.left + PADDING,
    Math.min(centre - width / 2, bounds.right - PADDING - width),
  );
  return {
    x,
    y: up ? above : below,
    side: up ? 'top' : 'bottom',
    arrow: Math.max(ARROW_PADDING, Math.min(centre - x - ARROW / 2, width - ARROW_PADDING - ARROW)),
  };
}

/**
 * Keeps a tooltip card next to its target and follows scroll (of any element), resize, size
 * changes of either and DOM changes that may move the target, once per animation frame.
 * The card is fixed in its layer (`position: fixed; inset: 0`), whose box is the card's frame:
 * the viewport, or the container of a confined tour. `onLost` runs when the target leaves the
 * DOM. Returns the cleanup.
 */
export function anchorTooltip(
  target: Element,
  card: HTMLElement,
  tip: HTMLElement,
  onLost: () => void,
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
    const p = place(target.getBoundingClientRect(), card.offsetWidth, card.offsetHeight, bounds);
    card.style.left = `${p.x - layer.left}px`;
    card.style.top = `${p.y - layer.top}px`;
    card.dataset.placement = p.side;
    Object.assign(tip.style, {
      left: `${p.arrow}px`,
      top: p.side === 'bottom' ? '-6px' : '',
      bottom: p.side === 'top' ? '-6px' : '',
    });
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  const options = { capture: true, passive: true };
  addEventListener('scroll', schedule, options);
  addEventListener('resize', schedule);
  const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  resize?.observe(target);
  resize?.observe(card);
  const mutation = new MutationObserver(schedule);
  mutation.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  update();
  return () => {
    cancelAnimationFrame(frame);
    removeEventListener('scroll', schedule, options);
    removeEventListener('resize', schedule);
    resize?.disconnect();
    mutation.disconnect();
  };
}
