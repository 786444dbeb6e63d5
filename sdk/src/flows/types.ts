import type { FlowStep } from '../../../lib/contracts/flows';

export type { FlowAction, FlowButton, FlowStep } from '../../../lib/contracts/flows';

/** Why a tour ended: closed by the visitor, finished with next(), or left through a link. */
export type TourEndReason = 'dismissed' | 'completed' | 'navigated';

/** What playTour needs: the steps and the seams a host (SDK, dashboard preview) may replace. */
export interface TourPlayerOptions {
  steps: readonly FlowStep[];
  /** Index of the first step shown; default 0. */
  startAt?: number;
  /**
   * Where the shadow host goes; default the root element (after body). Any element other than
   * body or the root confines the tour to it: steps are laid out in its box, not the window's.
   */
  container?: HTMLElement;
  /** Finds a tooltip's anchor; default document.querySelector(step.select_element.selector). */
  resolveTarget?: (step: FlowStep) => Element | null;
  /** Navigation actions; default window.location.assign(url). */
  navigate?: (url: string) => void;
  onStepShown?: (step: FlowStep, index: number) => void;
  /** Dismissed (button, close ×, Esc) or finished. */
  onEnd?: (reason: TourEndReason) => void;
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
