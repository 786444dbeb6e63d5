import type { SelectElement } from '@/lib/contracts/flows';
import { GRADE_MEANINGS, gradeHint } from '../../lib/builder-target';

const GRADE_TONES = {
  A: 'bg-emerald-100 text-emerald-800',
  B: 'bg-sky-100 text-sky-800',
  C: 'bg-amber-100 text-amber-800',
} as const;

/**
 * The element a tooltip points at, as the builder picked it: its text, selector and stability
 * grade with what the grade means (and, for C, the attribute to add to the site's markup).
 */
export function SelectElementSummary({ target }: { target: SelectElement }) {
  const hint = gradeHint(target);
  return (
    <div
      role="group"
      aria-label="Chosen element"
      className="flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words font-medium text-slate-900">
          {target.text?.trim() ? `“${target.text.trim()}”` : 'An element without text'}
        </p>
        {target.grade ? (
          <span
            className={`shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold ${GRADE_TONES[target.grade]}`}
          >
            Grade {target.grade}
          </span>
        ) : null}
      </div>
      <code className="break-all text-xs text-slate-600">{target.selector}</code>
      {target.url ? <p className="break-all text-xs text-slate-500">on {target.url}</p> : null}
      {target.grade ? (
        <p className="text-xs text-slate-600">{GRADE_MEANINGS[target.grade]}</p>
      ) : null}
      {hint ? <p className="text-xs text-amber-800">{hint}</p> : null}
    </div>
  );
}
