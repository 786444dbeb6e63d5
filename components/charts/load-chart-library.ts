import type uPlot from 'uplot';

let loading: Promise<typeof uPlot> | null = null;

/**
 * uPlot, fetched on first use: a chunk of its own that no route loads up front
 * (docs/adr/0014-report-charts.md). A failed fetch is forgotten, so the next chart tries again.
 */
export function loadChartLibrary(): Promise<typeof uPlot> {
  loading ??= import('uplot').then(
    (m) => m.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The canvas check's answer, per `getContext` implementation (a test may swap it). */
let canvasCheck: { impl: unknown; ok: boolean } | null = null;

/** Whether this browser draws on a canvas (jsdom does not: charts then show no drawing). */
export function canDraw(): boolean {
  const impl =
    typeof HTMLCanvasElement === 'undefined' ? null : HTMLCanvasElement.prototype.getContext;
  if (canvasCheck?.impl !== impl) {
    let ok = false;
    try {
      ok = impl !== null && Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      ok = false;
    }
    canvasCheck = { impl, ok };
  }
  return canvasCheck.ok;
}
