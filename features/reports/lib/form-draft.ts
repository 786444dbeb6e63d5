import { STORAGE_KEYS } from '@/lib/constants';
import type { ReportForm } from './report-form';

/**
 * The report form's unsaved state, kept in local storage under "report form data"
 * (docs/reports.md, "The report builder") so a reload of /reports/create or
 * /reports/{id}/edit finds the form as it was. One draft at a time, named by the page it
 * belongs to: a draft of report 3 never fills the form of report 4 or a new one.
 */
interface StoredDraft {
  key: string;
  form: ReportForm;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The parts each type's fields read without checking (a draft of an older version may lack them). */
function queryShapeOk(query: Record<string, unknown>): boolean {
  if (query.type === 'trend') return Array.isArray(query.series) && query.series.every(isObject);
  if (query.type === 'funnel')
    return Array.isArray(query.steps) && query.steps.every(isObject) && isObject(query.window);
  if (query.type === 'retention')
    return typeof query.start_event === 'string' && typeof query.return_event === 'string';
  return false;
}

/**
 * The draft's name: `create:{product}` for a new report (a draft begun on one product never
 * fills the form of another), or `edit:{id}`.
 */
export const draftKey = (id: number | null, brandId?: number) =>
  id === null ? `create:${brandId ?? ''}` : `edit:${id}`;

function looksLikeForm(value: unknown): value is ReportForm {
  if (typeof value !== 'object' || value === null) return false;
  const form = value as Partial<ReportForm>;
  return (
    typeof form.brand_id === 'number' &&
    typeof form.name === 'string' &&
    isObject(form.query) &&
    queryShapeOk(form.query) &&
    typeof form.chart === 'object' &&
    form.chart !== null
  );
}

/** The stored draft of this page, or null (none, another page's, or unreadable). */
export function readDraft(key: string): ReportForm | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.reportFormData);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    return stored.key === key && looksLikeForm(stored.form) ? stored.form : null;
  } catch {
    return null;
  }
}

/** Keeps the form as this page's draft (replacing any other page's). */
export function writeDraft(key: string, form: ReportForm): void {
  try {
    const stored: StoredDraft = { key, form };
    window.localStorage.setItem(STORAGE_KEYS.reportFormData, JSON.stringify(stored));
  } catch {
    // Storage full or unavailable: the form still works, it is just not kept over a reload.
  }
}

/** Forgets this page's draft (after a save or a discard); another page's stays. */
export function clearDraft(key: string): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.reportFormData);
    if (!raw) return;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (stored.key === key) window.localStorage.removeItem(STORAGE_KEYS.reportFormData);
  } catch {
    // Nothing to forget.
  }
}
