import type { FlowBody } from '@/lib/contracts/flows';

/** How many changes Undo can go back (and Redo forward). */
export const HISTORY_LIMIT = 50;
/** Edits of one text field closer together than this are undone as one change. */
export const COALESCE_MS = 1000;

/**
 * The editor's undo history: snapshots of the whole draft (definition and layout) before each
 * change (`past`, oldest first) and after each undone one (`future`, next first).
 */
export interface EditorHistory {
  past: FlowBody[];
  future: FlowBody[];
  /** The field typed in last and when: a quick next keystroke there joins the same change. */
  typing: { key: string; at: number } | null;
}

export const emptyHistory = (): EditorHistory => ({ past: [], future: [], typing: null });

const isText = (v: unknown) => typeof v === 'string' || typeof v === 'number';
const changedKeys = <T extends object>(a: T, b: T) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => a[k as keyof T] !== b[k as keyof T],
  ) as (keyof T)[];

/**
 * The text field a change types in (the title, display times, priority, or one field of one step
 * such as its content), or null when the change is anything else.
 */
export function typingKey(before: FlowBody, after: FlowBody): string | null {
  const keys = changedKeys(before, after);
  if (keys.length !== 1) return null;
  const [key] = keys as [keyof FlowBody];
  if (key !== 'steps') return isText(before[key]) && isText(after[key]) ? key : null;
  if (before.steps.length !== after.steps.length) return null;
  const changed = after.steps.flatMap((s, i) => (s !== before.steps[i] ? [i] : []));
  if (changed.length !== 1) return null;
  const a = before.steps[changed[0]!]!;
  const b = after.steps[changed[0]!]!;
  const fields = changedKeys(a, b);
  if (a.id !== b.id || fields.length !== 1) return null;
  const [field] = fields as [keyof typeof a];
  return isText(a[field]) && isText(b[field]) ? `step:${b.id}:${String(field)}` : null;
}

/**
 * The history after the draft changed from `before` to `after`: `before` becomes the last
 * snapshot (unless the change continues the typing of the previous one), Redo is forgotten.
 */
export function recordChange(
  history: EditorHistory,
  before: FlowBody,
  after: FlowBody,
  now: number,
): EditorHistory {
  const key = typingKey(before, after);
  const last = history.typing;
  const continues =
    key !== null && last?.key === key && now - last.at < COALESCE_MS && history.past.length > 0;
  return {
    past: continues ? history.past : [...history.past, before].slice(-HISTORY_LIMIT),
    future: [],
    typing: key === null ? null : { key, at: now },
  };
}

/** One step back: the draft to show and the history after it; null when there is nothing. */
export function undoChange(
  history: EditorHistory,
  current: FlowBody,
): { draft: FlowBody; history: EditorHistory } | null {
  const draft = history.past.at(-1);
  if (!draft) return null;
  return {
    draft,
    history: {
      past: history.past.slice(0, -1),
      future: [current, ...history.future].slice(0, HISTORY_LIMIT),
      typing: null,
    },
  };
}

/** One step forward again after an undo; null when there is nothing to redo. */
export function redoChange(
  history: EditorHistory,
  current: FlowBody,
): { draft: FlowBody; history: EditorHistory } | null {
  const [draft, ...future] = history.future;
  if (!draft) return null;
  return {
    draft,
    history: { past: [...history.past, current].slice(-HISTORY_LIMIT), future, typing: null },
  };
}
