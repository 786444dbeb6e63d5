import { useSyncExternalStore } from 'react';
import { cn } from '@/components/ui/cn';
import type { ChartPoint, ChartSeries } from './line-chart';
import type { TrendCursor } from './trend-options';
import { readout } from './trend-data';

/** The colour mark of a series: a dot, or a dashed stroke for a comparison series. */
function Swatch({ color, dashed }: { color: string; dashed: boolean }) {
  return dashed ? (
    <span
      aria-hidden="true"
      className="inline-block w-3 border-t-2 border-dashed"
      style={{ borderColor: color }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-block h-2.5 w-2.5 rounded-full"
      style={{ backgroundColor: color }}
    />
  );
}

/** One button per series; pressed while the series is shown, a press hides or shows it. */
export function TrendLegend({
  series,
  hidden,
  dashed,
  onToggle,
}: {
  series: readonly ChartSeries[];
  hidden: ReadonlySet<string>;
  dashed: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      {series.map((s) => {
        const shown = !hidden.has(s.key);
        return (
          <li key={s.key}>
            <button
              type="button"
              aria-pressed={shown}
              title={shown ? `Hide ${s.label}` : `Show ${s.label}`}
              onClick={() => onToggle(s.key)}
              className={cn(
                'flex items-center gap-1.5 rounded px-1 py-0.5 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                !shown && 'text-slate-400 line-through',
              )}
            >
              <Swatch color={shown ? s.color : '#cbd5e1'} dashed={dashed.has(s.key)} />
              {s.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A tiny store of the cursor position: only the readout re-renders when the mouse moves. */
export interface CursorStore {
  get: () => TrendCursor | null;
  set: (cursor: TrendCursor | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createCursorStore(): CursorStore {
  let current: TrendCursor | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      if (next?.index === current?.index && next?.left === current?.left) return;
      current = next?.index == null ? null : next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const noCursor = () => null;

/** The values under the cursor, beside the cursor line (mouse only: the table has them all). */
export function TrendReadout({
  store,
  series,
  points,
  hidden,
  format,
  total,
}: {
  store: CursorStore;
  series: readonly ChartSeries[];
  points: readonly ChartPoint[];
  hidden: ReadonlySet<string>;
  format: (v: number) => string;
  total: boolean;
}) {
  const cursor = useSyncExternalStore(store.subscribe, store.get, noCursor);
  const content = readout(series, points, cursor?.index, hidden, format, total);
  if (!cursor || !content) return null;
  // Right of the cursor in the left half of the plot, left of it in the right half.
  const flip = cursor.left > cursor.plotLeft + cursor.plotWidth / 2;
  return (
    <div
      aria-hidden="true"
      data-testid="trend-readout"
      className="pointer-events-none absolute top-2 z-10 min-w-32 rounded-md border border-slate-200 bg-white/95 px-2.5 py-1.5 text-xs text-slate-700 shadow-sm"
      style={{
        left: cursor.left,
        transform: flip ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)',
      }}
    >
      <div className="mb-1 font-medium text-slate-900">{content.label}</div>
      {content.rows.map((r) => (
        <div key={r.key} className="flex items-center gap-1.5">
          <span
            className="inline-block h-2 w-2 rounded-full"
            style={{ backgroundColor: r.color }}
          />
          <span className="flex-1">{r.label}</span>
          <span className="tabular-nums">{r.value}</span>
        </div>
      ))}
      {content.total !== undefined ? (
        <div className="mt-1 flex justify-between border-t border-slate-100 pt-1 font-medium">
          <span>Total</span>
          <span className="tabular-nums">{content.total}</span>
        </div>
      ) : null}
    </div>
  );
}
