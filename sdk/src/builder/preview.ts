import type { BuilderExchange, BuilderFlow } from '../../../lib/contracts/builder';
import { h } from '../renderer/dom';
import { playTour } from '../renderer/player';
import type { TourTheme } from '../renderer/theme';
import type { TourPlayer } from '../renderer/types';
import { callApi, endSession } from './api';
import { button, mountUi } from './ui';

/**
 * Preview on site (docs/builder.md): the tour as saved, played on this page for the marketer
 * only, with the same renderer and the same theme the tours bundle uses. Nothing is reported to
 * the server.
 */

/** After a navigation action, the step the next page of the preview starts at. */
const STEP_KEY = 'signpost:builder:step';

const stored = {
  take(): number {
    try {
      const step = Number(sessionStorage.getItem(STEP_KEY)) || 0;
      sessionStorage.removeItem(STEP_KEY);
      return step;
    } catch {
      return 0;
    }
  },
  put(step: number): void {
    try {
      sessionStorage.setItem(STEP_KEY, String(step));
    } catch {
      // no storage: the next page starts the preview over
    }
  },
};

export interface PreviewOptions {
  host: string;
  session: BuilderExchange;
  onExit?: () => void;
}

export interface Preview {
  /** Removes the preview; the session stays (as a navigation would). */
  close(): void;
}

export function startPreview({ host, session, onExit }: PreviewOptions): Preview {
  const ui = mountUi('Signpost preview');
  const status = h('p', { class: 'info', role: 'status' }, 'Loading the tour…');
  let player: TourPlayer | undefined;
  let open = true;
  const close = () => {
    open = false;
    player?.destroy();
    player = undefined;
    ui.remove();
    window.removeEventListener('keydown', onKey);
  };
  const exit = () => {
    endSession(host, session.token);
    close();
    stored.take();
    onExit?.();
  };
  // A tour step takes its own Esc first; with no tour on screen, Esc ends the preview.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !player) exit();
  };
  window.addEventListener('keydown', onKey);
  ui.bar.append(status, button('Cancel', exit));

  void callApi<BuilderFlow>(host, session.token, 'GET', 'flow').then((answer) => {
    if (!open) return;
    if (!answer.ok) return void (status.textContent = answer.message);
    // The look visitors get: the product's theme with the tour's override over it, as the
    // server merges it for the runtime (absent: the default look).
    const { name, steps, theme } = answer.data as BuilderFlow & { theme?: TourTheme | null };
    if (!steps.length) return void (status.textContent = `“${name}” has no steps yet.`);
    let shown = Math.min(stored.take(), steps.length - 1);
    status.textContent = `Previewing “${name}”: only you see it.`;
    player = playTour({
      steps,
      theme,
      startAt: shown,
      onStepShown: (_step, index) => (shown = index),
      onEnd: (reason) => {
        player = undefined;
        // A navigation action: the preview goes on at the next step on the next page.
        if (reason === 'navigated') stored.put(shown + 1);
        else status.textContent = `The preview of “${name}” ended: ${reason.replace('_', ' ')}.`;
      },
    });
  });
  return { close };
}
