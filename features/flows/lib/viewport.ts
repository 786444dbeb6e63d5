/**
 * Keeping the step being edited in view (issue 30, point 7): when its panel opens beside the
 * canvas, the canvas narrows and may hide the node; the canvas pans (same zoom) just enough to
 * show it whole, with a margin. Pure, so it is tested without a layout engine.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface CanvasViewport {
  x: number;
  y: number;
  zoom: number;
}

/** Space kept between the node and the canvas's edges, in screen pixels. */
export const VIEW_MARGIN = 24;

/** Pans one axis: the node's span [start, end] fits in [0, size], else its start shows. */
function shift(start: number, end: number, size: number, margin: number): number {
  if (start >= margin && end <= size - margin) return 0;
  if (end - start > size - 2 * margin || start < margin) return margin - start;
  return size - margin - end;
}

/**
 * The viewport that shows `node` (flow coordinates) whole in a canvas of `size`, or null when it
 * already shows. The zoom is kept: only the position moves.
 */
export function viewportShowing(
  node: Rect,
  viewport: CanvasViewport,
  size: { width: number; height: number },
  margin = VIEW_MARGIN,
): CanvasViewport | null {
  const known = [node.x, node.y, node.width, node.height, viewport.x, viewport.y, viewport.zoom];
  // Not laid out yet (or no layout at all, as in tests without a browser): nothing to do.
  if (!known.every(Number.isFinite) || !(size.width > 0) || !(size.height > 0)) return null;
  const { zoom } = viewport;
  const left = node.x * zoom + viewport.x;
  const top = node.y * zoom + viewport.y;
  const dx = shift(left, left + node.width * zoom, size.width, margin);
  const dy = shift(top, top + node.height * zoom, size.height, margin);
  if (dx === 0 && dy === 0) return null;
  return { x: viewport.x + dx, y: viewport.y + dy, zoom };
}
