import { useEffect, useRef, useState } from 'react';
import { SelectField } from '@/components/ui/select-field';
import type { FlowStep } from '@/lib/contracts/flows';
import { playTour, type TourTheme } from '@/sdk/src/renderer';
import { previewStep, PREVIEW_TYPES, type PreviewType } from '../lib/preview-step';

/**
 * The live preview: a sample step played by the renderer the SDK uses, confined to the stage,
 * in the theme being edited. Tooltips, speech bubbles and banners keep focus where it is, so the
 * editor stays usable while the preview follows each change.
 */
export function ThemePreview({ theme }: { theme: TourTheme }) {
  const stage = useRef<HTMLDivElement>(null);
  const [type, setType] = useState<PreviewType>('tool_tip');
  const [run, setRun] = useState(0);
  const key = JSON.stringify(theme);

  useEffect(() => {
    const container = stage.current;
    if (!container) return;
    const step: FlowStep = previewStep(type);
    const player = playTour({
      steps: [step],
      container,
      theme: JSON.parse(key) as TourTheme,
      resolveTarget: () => container.querySelector('[data-preview-target]'),
      navigate: () => {},
      // Closed or finished: play it again, the preview always shows the step.
      onEnd: () => setRun((r) => r + 1),
    });
    return () => player.destroy();
  }, [key, type, run]);

  return (
    <section aria-labelledby="theme-preview-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="theme-preview-heading" className="text-sm font-semibold text-slate-900">
          Preview
        </h3>
        <SelectField
          label="Preview as"
          value={type}
          options={PREVIEW_TYPES}
          onChange={(e) => setType(e.target.value as PreviewType)}
        />
      </div>
      {/* `isolate`: the stage is a stacking context of its own, so the tour's z-index (the
          theme's, up to the top of the page) ranks only inside it; dialogs and menus, portalled
          to the body, stay above the preview and receive their clicks. */}
      <div
        ref={stage}
        data-testid="theme-preview-stage"
        className="relative isolate h-80 overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      >
        <div className="p-6 text-sm text-slate-600" aria-hidden="true">
          <p className="mb-4 font-semibold text-slate-900">Your product</p>
          <button
            type="button"
            tabIndex={-1}
            data-preview-target=""
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-slate-700"
          >
            New project
          </button>
        </div>
      </div>
    </section>
  );
}
