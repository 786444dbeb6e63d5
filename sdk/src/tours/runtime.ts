import type { AvailableFlow } from '../../../lib/contracts/flow-runtime';
import {
  FLOW_SESSION_POLL_MS,
  FLOW_TARGET_WAIT_MS,
  type FlowOutcome,
  type FlowTrackType,
} from '../../../lib/contracts/runtime-constants';
import type { FlowStep } from '../../../lib/contracts/flows';
import { tourOutcome, type TourEnding } from '../../../lib/flows/outcome';
import { playTour } from '../renderer/player';
import { endingOf } from '../renderer/ending';
import type { TourPlayer } from '../renderer/types';
import type { FlowAnswer, ToursRuntime } from '../types';
import { send } from './send';

// The poll interval and the target wait come from the zod-free lib/contracts/runtime-constants.ts,
// the module the server's contracts read too (no zod schema reaches the bundle).
/** A navigation action waits at most this long for the calls before it to be sent. */
export const NAVIGATE_WAIT_MS = 1_500;

/** Navigation actions leave the page this way (a seam for tests). */
export const page = { go: (url: string) => location.assign(url) };

/** The `reason` sent with done (kept on the flow event): the ending, a dismiss action's `button`. */
const reasonOf = (ending: TourEnding) =>
  ending === 'dismiss' ? 'button' : ending === 'goto_past_end' ? undefined : ending;

interface Shown {
  session: string;
  player: TourPlayer;
}

let shown: Shown | undefined;
let runtime: ToursRuntime | undefined;
let poll: ReturnType<typeof setInterval> | undefined;
/** Sessions this page ended: an answer still naming one (the server not yet told) is ignored. */
const ended = new Set<string>();

/** The session on screen, sent with each ask so that it resumes. */
export const session = (): string | undefined => shown?.session;

/** Removes the tour on screen, if any, without reporting anything, and stops asking. */
function remove(): void {
  clearInterval(poll);
  const player = shown?.player;
  shown = undefined;
  player?.destroy();
}

/**
 * Plays an answer of available-flow (docs/flows.md, "Runtime API"). The same session as the one
 * on screen keeps it; null or another session removes it, then plays the new one if any. Nothing
 * shows when `on_this_page` is false (the step's element is on another page: sdk.js asks again on
 * the next URL change).
 */
export function show(answer: FlowAnswer, next: ToursRuntime): void {
  runtime = next;
  const current = answer?.session;
  if (current?.on_this_page && current.id === shown?.session) return;
  remove();
  if (answer && current?.on_this_page && !ended.has(current.id))
    play(answer as NonNullable<AvailableFlow>);
}

function play({ flow, theme, session: { id, current_step_id } }: NonNullable<AvailableFlow>) {
  const { host, writeKey } = runtime!;
  const base = `${host}/v1/flows/${flow.id}/`;
  const steps: FlowStep[] = flow.steps;
  if (!steps.length) return; // nothing to play (the server sends tours with steps)
  const track = (step: FlowStep, type: FlowTrackType, button_id?: string) =>
    send(`${base}track`, { writeKey, session_id: id, step_id: step.id, type, button_id });
  const done = (outcome: FlowOutcome, reason?: string) =>
    send(`${base}done`, { writeKey, session_id: id, outcome, reason });
  /** The latest call: a navigation waits for it, so the next page resumes where this one left. */
  let last: Promise<void> = Promise.resolve();
  const startAt = steps.findIndex((s) => s.id === current_step_id);

  // With steps, nothing ends the tour before playTour returns: `player` is set in every callback.
  const player: TourPlayer = playTour({
    steps,
    theme,
    startAt, // -1 (a step that no longer exists) starts at the first: playTour clamps it
    targetWaitMs: FLOW_TARGET_WAIT_MS,
    onStepShown: (step) => void (last = track(step, 'step_seen')),
    onButton: (step, button) => void (last = track(step, 'button_clicked', button?.id)),
    navigate: (url) => {
      // After the tour's end is reported too (onEnd runs right after this call).
      void Promise.resolve()
        .then(() => Promise.race([last, new Promise((r) => setTimeout(r, NAVIGATE_WAIT_MS))]))
        .then(() => page.go(url));
    },
    onEnd: (reason, cause) => {
      const { index } = player;
      if (shown?.session === id) remove();
      if (reason === 'target_missing') {
        ended.add(id);
        last = track(steps[index]!, 'target_missing');
        return;
      }
      const ending = endingOf(reason, cause);
      // The one rule of docs/flows.md: an action ending the last step completes the tour.
      const outcome = tourOutcome(ending, index, steps.length);
      // A navigation before the last step: the server moved the session on, the next page resumes.
      if (!outcome) return;
      ended.add(id);
      last = done(outcome, reasonOf(ending));
    },
  });
  shown = { session: id, player };
  // While a tour is on screen, available-flow is asked again (unpublishing shows).
  poll = setInterval(() => runtime?.ask(), FLOW_SESSION_POLL_MS);
}
