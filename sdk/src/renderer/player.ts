import type { FlowAction, FlowStep } from '../../../lib/contracts/flows';
import { h } from './dom';
import { trapTab } from './focus';
import { anchorTooltip } from './position';
import { renderStep, type StepView } from './render-step';
import { TOUR_CSS } from './styles';
import { resolveTarget } from '../targets/resolve';
import { themeCss, themeZIndex } from './theme';
import type { DismissCause, TourEndReason, TourPlayer, TourPlayerOptions } from './types';
import { safeLink } from './urls';
import { waitForElement } from './wait';
import { FREE, hostStyle } from './host-style';

/**
 * In a container the host covers it and, being transformed, is the frame of the steps' fixed
 * layers: the tour stays inside (an in-page preview keeps its own toolbar usable).
 */
const CONFINED =
  'absolute;right:0;bottom:0;overflow:hidden;transform:translateZ(0);pointer-events:none';

/**
 * With `* { display: none }` the root element is hidden and nothing under it can render, the
 * tour included: while it plays, the root's display is forced (and restored after).
 */
function revealRoot(): () => void {
  const html = document.documentElement;
  const style = html.style;
  if (getComputedStyle(html).display !== 'none') return () => {};
  const value = style.getPropertyValue('display');
  const priority = style.getPropertyPriority('display');
  style.setProperty('display', 'block', 'important');
  // An empty value removes the declaration: the root gets back exactly what it had.
  return () => style.setProperty('display', value, priority);
}

/**
 * A picked target (candidates, or an index or text among several matches) is resolved by vote;
 * a selector alone is the first element it matches (docs/flows.md, "Targets").
 */
function defaultTarget(step: FlowStep): Element | null {
  const target = step.select_element;
  if (!target?.selector) return null;
  return target.candidates?.length || target.index != null || target.text
    ? resolveTarget(target)
    : document.querySelector(target.selector);
}

/** Calls host code without letting it break the tour (or the tour throw into the page). */
function guard<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    fn?.(...args);
  } catch (error) {
    console.warn('[signpost]', error);
  }
}

/**
 * Plays a tour: one shadow root on a host appended to `container` (default: the root element,
 * after body, so a hidden body does not hide it), one step shown at a time.
 * Framework-free, shared by the dashboard's preview and the SDK's tours bundle.
 */
export function playTour(options: TourPlayerOptions): TourPlayer {
  const { steps } = options;
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const resolveTarget = options.resolveTarget ?? defaultTarget;
  const previousFocus = document.activeElement;

  const { container } = options;
  const confined =
    !!container && container !== document.body && container !== document.documentElement;

  const host = h('div', { 'data-signpost-tour': '' });
  const { theme } = options;
  host.style.cssText = hostStyle(confined ? CONFINED : FREE, themeZIndex(theme));
  const root = host.attachShadow({ mode: 'open' });
  // The theme's rule comes after TOUR_CSS and overrides its defaults (docs/theme.md).
  root.append(h('style', {}, TOUR_CSS + themeCss(theme)));
  const restoreRoot = confined ? () => {} : revealRoot();
  (container ?? document.documentElement).append(host);

  let index = -1;
  /** Steps shown before this one, for Back (docs/flows.md, "Step options"). */
  const history: number[] = [];
  let view: StepView | null = null;
  let cleanups: (() => void)[] = [];
  let ended = false;
  // The shadow root reports the focused element only when focus is inside the tour.
  const focusInTour = () => root.activeElement !== null;
  const modalShown = () => view?.card.getAttribute('aria-modal') === 'true';

  function clearStep(): void {
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    view?.layer.remove();
    view = null;
  }

  /** A tooltip's target in the page, or null (an invalid selector is a missing target). */
  function findTarget(step: FlowStep): Element | null {
    try {
      const target = resolveTarget(step);
      return target?.isConnected ? target : null;
    } catch {
      return null;
    }
  }

  const wait = options.targetWaitMs;
  /** A tooltip that would have to wait for its target: it is not in this page (yet). */
  const waits = (step?: FlowStep) => step?.type === 'tool_tip' && !!wait && !findTarget(step);

  function anchor(step: FlowStep, shown: StepView): void {
    const target = findTarget(step);
    if (!target || !shown.arrow) {
      // Nothing to point at: show the tip centred rather than not at all.
      shown.layer.classList.add('centered');
      shown.arrow?.remove();
      return;
    }
    target.scrollIntoView?.({ block: 'nearest' });
    // A target the page replaced: show the step again (it finds, or waits for, the new one).
    cleanups.push(
      anchorTooltip(
        target,
        shown.card,
        shown.arrow,
        () => show(index),
        step.tooltip_placement,
        step.tooltip_offset,
        shown.spot,
      ),
    );
    if (step.element_actions?.length) {
      const onClick = () => {
        guard(options.onButton, step, null);
        run(step.element_actions);
      };
      const anchorEl = target;
      anchorEl.addEventListener('click', onClick);
      cleanups.push(() => anchorEl.removeEventListener('click', onClick));
    }
  }

  /** Shows step `i`; `back` when going back (the step left is not remembered then). */
  function show(i: number, back?: boolean): void {
    const step = steps[i];
    if (ended || !step) return; // also an index that is not one (-1, 1.5, NaN)
    const hadFocus = focusInTour();
    clearStep();
    if (!back && index >= 0 && index !== i) history.push(index);
    index = i;
    if (waits(step)) {
      // Shown once its target is in the page; ends the tour when it never comes.
      const stop = waitForElement(
        () => findTarget(step),
        wait!,
        (found) => (found ? show(i) : end('target_missing')),
      );
      cleanups.push(stop);
      return;
    }
    view = renderStep(
      step,
      i,
      steps.length,
      {
        onButton: (button) => {
          guard(options.onButton, step, button);
          run(button.actions);
        },
        onClose: () => end('dismissed', 'close'),
      },
      theme,
    );
    root.append(view.layer);
    if (step.type === 'tool_tip') anchor(step, view);
    // Modals take focus; other steps keep it where it was, unless it was already in the tour.
    if (step.type === 'modal' || hadFocus) view.card.focus();
    guard(options.onStepShown, step, i);
  }

  function run(actions: readonly FlowAction[] | undefined): void {
    // A button that leaves the page takes its goto with it: the next page resumes on that step
    // (the server moves the session), so this page does not flash it first.
    const leaves = actions?.some((a) => a.type === 'navigation' && safeLink(a.value));
    for (const action of actions ?? []) {
      if (ended) return;
      if (action.type === 'goto') {
        if (leaves) continue;
        const to = steps.findIndex((s) => s.id === action.reference_step);
        // A step that no longer exists must not leave a dead button: go on in order.
        if (to >= 0) show(to);
        else if (index + 1 < steps.length) show(index + 1);
        else return end('completed');
      } else if (action.type === 'back') {
        // The step shown before. A tour resumed on this page goes to the step before in order,
        // unless that one's element is not here (another page's tooltip): then nothing happens.
        const to = history.pop() ?? (waits(steps[index - 1]) ? -1 : index - 1);
        if (to >= 0) show(to, true);
      } else if (action.type === 'dismiss') {
        return end('dismissed', 'button');
      } else if (action.type === 'navigation') {
        const url = safeLink(action.value);
        if (!url) continue; // never javascript:, data: or another scheme
        guard(navigate, url);
        return end('navigated');
      }
    }
  }

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Non-modal steps leave the page's own Esc alone: only Esc pressed inside the tour counts.
      if (!modalShown() && (event.defaultPrevented || !focusInTour())) return;
      event.preventDefault(); // tells the page the tour took this Esc
      end('dismissed', 'esc');
    } else if (event.key === 'Tab' && view && modalShown())
      trapTab(event, view.card, root.activeElement);
  };
  // Capture: the page cannot swallow Esc or Tab before a modal step sees them.
  document.addEventListener('keydown', onKey, true);

  function teardown(): void {
    if (ended) return;
    ended = true;
    const active = document.activeElement;
    const restore = focusInTour() || active === null || active === document.body;
    clearStep();
    document.removeEventListener('keydown', onKey, true);
    host.remove();
    restoreRoot();
    if (restore && previousFocus instanceof HTMLElement && previousFocus.isConnected)
      previousFocus.focus();
  }

  function end(reason: TourEndReason, cause?: DismissCause): void {
    if (ended) return;
    teardown();
    guard(options.onEnd, reason, cause);
  }

  const startAt = Number.isInteger(options.startAt) ? (options.startAt as number) : 0;
  const start = Math.min(Math.max(0, startAt), steps.length - 1);
  if (steps.length === 0) end('completed');
  else show(start);

  return {
    get index() {
      return index;
    },
    goTo(stepIdOrIndex) {
      show(
        typeof stepIdOrIndex === 'number'
          ? stepIdOrIndex
          : steps.findIndex((s) => s.id === stepIdOrIndex),
      );
    },
    next() {
      if (ended) return;
      if (index + 1 < steps.length) show(index + 1);
      else end('completed');
    },
    dismiss: () => end('dismissed'),
    destroy: teardown,
  };
}
