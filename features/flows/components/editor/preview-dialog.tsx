import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ui/button';
import type { FlowStep } from '@/lib/contracts/flows';
import { tourOutcome } from '@/lib/flows/outcome';
import { endingOf, playTour, type TourPlayer } from '@/sdk/src/renderer';
import { SamplePage, SAMPLE_TARGET_ID } from './sample-page';

/**
 * Preview: plays the steps on a sample page with the same renderer the SDK uses. A tooltip
 * whose selector is not on the sample page points at the sample page's highlighted button.
 * The stage is the tour's container, so the renderer confines the tour to it: a modal's backdrop
 * or a banner never covers the toolbar.
 */
export function PreviewDialog({ steps, onClose }: { steps: FlowStep[]; onClose: () => void }) {
  const stage = useRef<HTMLDivElement>(null);
  const player = useRef<TourPlayer | null>(null);
  const [run, setRun] = useState(0);
  const [state, setState] = useState<{ index: number; ended: string | null }>({
    index: 0,
    ended: null,
  });

  useEffect(() => {
    const container = stage.current;
    if (!container || steps.length === 0) return;
    setState({ index: 0, ended: null });
    player.current = playTour({
      steps,
      container,
      resolveTarget: (step) => {
        const selector = step.select_element?.selector?.trim();
        let found: Element | null = null;
        try {
          found = selector ? container.querySelector(selector) : null;
        } catch {
          found = null; // not a valid CSS selector
        }
        return found ?? container.querySelector(`#${SAMPLE_TARGET_ID}`);
      },
      navigate: () => {},
      onStepShown: (_step, index) => setState({ index, ended: null }),
      // Named as the report counts it (docs/flows.md, "How an ending counts").
      onEnd: (reason, cause) =>
        setState((s) => ({
          ...s,
          ended:
            reason === 'target_missing'
              ? 'target missing'
              : (tourOutcome(endingOf(reason, cause), s.index, steps.length) ?? 'navigated'),
        })),
    });
    return () => {
      player.current?.destroy();
      player.current = null;
    };
  }, [steps, run]);

  const playing = steps.length > 0 && !state.ended;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // The renderer takes Esc (defaultPrevented) on modals and inside the tour; any other Esc
      // ends the tour first, and once it has ended closes the preview.
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (playing && player.current) player.current.dismiss();
      else onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [playing, onClose]);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Preview"
      className="fixed inset-0 z-[60] flex flex-col bg-slate-900/60"
    >
      <div className="flex items-center gap-3 bg-white px-4 py-2 shadow">
        <h2 className="text-sm font-semibold text-slate-900">Preview</h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {steps.length === 0
            ? 'Add a step to preview the tour.'
            : state.ended
              ? `Tour ended (${state.ended}).`
              : `Step ${state.index + 1} of ${steps.length}`}
        </p>
        <div className="ml-auto flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRun((r) => r + 1)}
            disabled={steps.length === 0}
          >
            Restart
          </Button>
          <Button size="sm" onClick={onClose}>
            Close preview
          </Button>
        </div>
      </div>
      {/* The stage does not scroll (its sample page does): the tour stays in view. */}
      <div ref={stage} className="relative flex-1 overflow-hidden bg-white">
        <div className="absolute inset-0 overflow-auto">
          <SamplePage />
        </div>
      </div>
    </div>,
    document.body,
  );
}
