import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * Moves a step up or down in the step order (the order of the flow's `steps`). Plain buttons, so
 * they work from the keyboard; at either end the way out is marked unavailable but keeps focus, and
 * focus stays on the button while its node moves.
 */
export function StepOrderButtons(props: {
  /** The step's 1-based place. */
  number: number;
  count: number;
  onMove: (by: -1 | 1) => void;
}) {
  const { number, count, onMove } = props;
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const move = (by: -1 | 1) => {
    const button = by < 0 ? up.current : down.current;
    onMove(by);
    // The canvas reorders its nodes; moving an element in the page may drop its focus.
    requestAnimationFrame(() => {
      if (button?.isConnected && document.activeElement !== button) button.focus();
    });
  };
  const item = (by: -1 | 1) => {
    const off = by < 0 ? number <= 1 : number >= count;
    return (
      <Button
        ref={by < 0 ? up : down}
        size="sm"
        variant="ghost"
        className={cn('px-2', off && 'cursor-not-allowed opacity-40')}
        aria-label={`Move step ${number} ${by < 0 ? 'up' : 'down'}`}
        title={by < 0 ? 'Move up' : 'Move down'}
        aria-disabled={off || undefined}
        onClick={() => !off && move(by)}
      >
        <span aria-hidden="true">{by < 0 ? '↑' : '↓'}</span>
      </Button>
    );
  };
  return (
    <div className="ml-auto flex shrink-0 flex-nowrap gap-1">
      {item(-1)}
      {item(1)}
    </div>
  );
}
