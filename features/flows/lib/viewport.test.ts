import { describe, expect, it } from 'vitest';
import { viewportShowing } from './viewport';

const size = { width: 600, height: 400 };
const node = { x: 700, y: 100, width: 256, height: 180 };

describe('viewportShowing (the step being edited stays in view)', () => {
  it('leaves a node that already shows where it is', () => {
    expect(viewportShowing({ ...node, x: 100 }, { x: 0, y: 0, zoom: 1 }, size)).toBeNull();
  });

  it('pans a node hidden behind the right edge into view, keeping the zoom', () => {
    const next = viewportShowing(node, { x: 0, y: 0, zoom: 1 }, size)!;
    expect(next).toEqual({ x: 600 - 24 - 956, y: 0, zoom: 1 });
    // The node now ends 24 px inside the canvas.
    expect(node.x + node.width + next.x).toBe(576);
  });

  it('pans a node off the top-left edges into view, at any zoom', () => {
    const next = viewportShowing({ ...node, x: -50, y: -40 }, { x: 0, y: 0, zoom: 0.5 }, size)!;
    expect(next).toEqual({ x: 24 + 25, y: 24 + 20, zoom: 0.5 });
  });

  it('shows the start of a node wider than the canvas', () => {
    const next = viewportShowing({ ...node, width: 900 }, { x: 0, y: 0, zoom: 1 }, size)!;
    expect(next.x).toBe(24 - 700);
  });

  it('does nothing before the canvas or the node is laid out', () => {
    expect(viewportShowing(node, { x: NaN, y: 0, zoom: 1 }, size)).toBeNull();
    expect(viewportShowing(node, { x: 0, y: 0, zoom: 1 }, { width: 0, height: 0 })).toBeNull();
  });
});
