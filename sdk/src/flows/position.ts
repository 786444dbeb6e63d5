import { arrow, autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/dom';

const OPPOSITE: Record<string, string> = {
  top: 'bottom',
  right: 'left',
  bottom: 'top',
  left: 'right',
};

/**
 * Keeps a tooltip card next to its target (below it, flipping and shifting to stay in view) and
 * follows scroll and resize. Returns the cleanup. Fixed strategy: the card lives in a fixed layer.
 */
export function anchorTooltip(target: Element, card: HTMLElement, tip: HTMLElement): () => void {
  let live = true;
  const update = () => {
    void computePosition(target, card, {
      strategy: 'fixed',
      placement: 'bottom',
      middleware: [offset(12), flip(), shift({ padding: 8 }), arrow({ element: tip, padding: 10 })],
    }).then(({ x, y, placement, middlewareData }) => {
      if (!live) return; // a late answer for a step that is gone
      Object.assign(card.style, { left: `${x}px`, top: `${y}px` });
      const side = OPPOSITE[placement.split('-')[0]!]!;
      const a = middlewareData.arrow;
      Object.assign(tip.style, {
        left: a?.x != null ? `${a.x}px` : '',
        top: a?.y != null ? `${a.y}px` : '',
        right: '',
        bottom: '',
        [side]: '-6px',
      });
      card.dataset.placement = placement;
    });
  };
  const stop = autoUpdate(target, card, update);
  return () => {
    live = false;
    stop();
  };
}
