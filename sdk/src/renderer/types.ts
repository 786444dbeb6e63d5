import type { FlowButton, FlowStep } from '../../../lib/contracts/flows';
import type { TourTheme } from './theme';

export type { FlowAction, FlowButton, FlowStep } from '../../../lib/contracts/flows';

/**
 * Why a tour ended: closed by the visitor, finished with next(), left through a link, or (with
 * `targetWaitMs`) a tooltip's target never appeared.
 */
export type TourEndReason = 'dismissed' | 'completed' | 'navigated' | 'target_missing';

/** How a tour was dismissed: the close ×, Esc, a button's dismiss action. */
export type DismissCause = 'close' | 'esc' | 'button';

/** What playTour needs: the steps and the seams a host (SDK, dashboard preview) may replace. */
export interface TourPlayerOptions {
  steps: readonly FlowStep[];
  /** The product's theme (docs/theme.md); default today's look. */
  theme?: TourTheme | null;
  /** Index of the first step shown; default 0. */
  startAt?: number;
  /**
   * Where the shadow host goes; default the root element (after body). Any element other than
   * body or the root confines the tour to it: steps are laid out in its box, not the window's.
   */
  container?: HTMLElement;
  /**
   * Finds a tooltip's anchor; default resolveTarget (sdk/src/targets) for a picked target, else
   * document.querySelector(step.select_element.selector).
   */
  resolveTarget?: (step: FlowStep) => Element | null;
  /** Navigation actions; default window.location.assign(url). */
  navigate?: (url: string) => void;
  onStepShown?: (step: FlowStep, index: number) => void;
  /**
   * Before a button's actions run; `button` is null for a click on a tooltip's target that runs
   * the step's element actions.
   */
  onButton?: (step: FlowStep, button: FlowButton | null) => void;
  /**
   * A tooltip whose target is not in the page waits this long for it (watching the DOM) before
   * the tour ends as `target_missing`; without it the tooltip shows centred at once.
   */
  targetWaitMs?: number;
  /** Dismissed (button, close ×, Esc: `cause`; `dismiss()` gives none), finished, or ended. */
  onEnd?: (reason: TourEndReason, cause?: DismissCause) => void;
}

/** A running tour. */
export interface TourPlayer {
  /** Index of the step shown (the last one shown once the tour has ended). */
  readonly index: number;
  /** Shows the step with this id, or at this index; unknown ones are ignored (a button's goto to an unknown id goes on to the next step instead). */
  goTo(stepIdOrIndex: string | number): void;
  /** Shows the next step; after the last one the tour ends as completed. */
  next(): void;
  /** Ends the tour as dismissed. */
  dismiss(): void;
  /** Removes the tour (host, listeners, positioning) without calling onEnd. */
  destroy(): void;
}
