import { create } from 'zustand';
import type { Flow, FlowBody, FlowStep, StepType } from '@/lib/contracts/flows';
import { MAX_STEPS } from '@/lib/contracts/flows';
import { newEditorId, newStep, withoutStep, withStepMoved } from '../lib/editor-draft';
import {
  emptyHistory,
  recordChange,
  redoChange,
  undoChange,
  type EditorHistory,
} from '../lib/history';

/** The flow being edited: its definition, what was last saved, and the editor's own state. */
export interface FlowEditorState {
  /** The stored flow's id; null for a new flow (/flows/create) until its first save. */
  flowId: number | null;
  draft: FlowBody | null;
  /** The last saved definition: the draft differs from it when there are unsaved changes. */
  saved: FlowBody | null;
  status: Flow['status'];
  /** A published flow opens read-only until the user chooses to edit it. */
  editing: boolean;
  selectedStepId: string | null;
  /** Undo and redo of the draft's changes (definition and layout); loads and saves are not changes. */
  history: EditorHistory;
  /** Counts undos and redos: views that keep their own copy of a field remount on a new value. */
  revision: number;
  /**
   * Problems show on change and blur, and on Save or Publish, never on open
   * (docs/product/validation.md#51-forms-in-general): true once Save or Publish was pressed.
   */
  checked: boolean;
  /** Steps changed since the flow was loaded: their problems show. */
  touchedSteps: Readonly<Record<string, true>>;
  /**
   * Steps a picker page was opened for from this editor, keyed `flowId/stepId` (`pickerKey`): the
   * Advanced selector's live match count asks their pages (docs/builder.md, "Live match count").
   * Kept across step switches, loads and resets: the page stays open after the editor remounts.
   */
  pickersOpened: Readonly<Record<string, true>>;
  /** A picker page was opened for this step of the stored flow. */
  markPickerOpened: (stepId: string) => void;
  /** Save or Publish was pressed: every problem shows from now on. */
  markChecked: () => void;
  /** Loads a stored flow (or a new draft) and forgets any unsaved changes. */
  load: (flow: FlowBody, meta?: { id: number | null; status: Flow['status'] }) => void;
  /** After a save of `sent`: the stored flow becomes the new saved state. */
  markSaved: (flow: Flow, sent: FlowBody) => void;
  reset: () => void;
  update: (change: (draft: FlowBody) => FlowBody) => void;
  setName: (name: string) => void;
  setCondition: (condition: FlowBody['condition']) => void;
  addStep: (type?: StepType) => void;
  updateStep: (step: FlowStep) => void;
  removeStep: (id: string) => void;
  /** Moves a step one place up (-1) or down (1) in the step order. */
  moveStep: (id: string, by: -1 | 1) => void;
  selectStep: (id: string | null) => void;
  setPositions: (positions: FlowBody['layout']['positions']) => void;
  startEditing: () => void;
  undo: () => void;
  redo: () => void;
}

const EMPTY = {
  flowId: null,
  draft: null,
  saved: null,
  status: 'unpublished' as const,
  editing: false,
  selectedStepId: null,
  history: emptyHistory(),
  revision: 0,
  checked: false,
  touchedSteps: {} as Readonly<Record<string, true>>,
};

/** Editor state of the flow editor (one flow at a time). */
export const useFlowEditorStore = create<FlowEditorState>()((set, get) => {
  /** Every change of the draft goes through here, so it can be undone. */
  const commit = (next: FlowBody, extra: Partial<FlowEditorState> = {}) => {
    const { draft, history } = get();
    // Nothing really changed (a field set to what it holds): no undo step.
    if (!draft || next === draft || sameJson(next, draft)) return;
    set({ draft: next, history: recordChange(history, draft, next, Date.now()), ...extra });
  };
  const update = (change: (draft: FlowBody) => FlowBody) => {
    const { draft } = get();
    if (draft) commit(change(draft));
  };
  /**
   * Shows a draft from the history; a selected step that is gone closes its panel. The publish
   * flag is the stored flow's, not an editing change, so it stays as it is.
   */
  const travel = (to: ReturnType<typeof undoChange>) => {
    const { draft, selectedStepId, revision } = get();
    if (!to || !draft || selectReadOnly(get())) return;
    const kept = to.draft.steps.some((s) => s.id === selectedStepId) ? selectedStepId : null;
    set({
      draft: { ...to.draft, publish: draft.publish },
      history: to.history,
      selectedStepId: kept,
      revision: revision + 1,
    });
  };
  return {
    ...EMPTY,
    pickersOpened: {},
    markPickerOpened: (stepId) => {
      const { flowId, pickersOpened } = get();
      if (flowId !== null)
        set({ pickersOpened: { ...pickersOpened, [pickerKey(flowId, stepId)]: true } });
    },
    load: (flow, meta = { id: null, status: 'unpublished' }) =>
      set({
        ...EMPTY,
        history: emptyHistory(),
        flowId: meta.id,
        status: meta.status,
        draft: flow,
        saved: flow,
        editing: meta.status !== 'published',
      }),
    markSaved: (flow, sent) => {
      const body = toBody(flow);
      const { draft } = get();
      // The server's copy (sanitised) replaces the draft unless the user changed it meanwhile.
      const unchanged = !draft || sameJson({ ...draft, publish: sent.publish }, sent);
      set({
        flowId: flow.id,
        status: flow.status,
        saved: body,
        draft: unchanged ? body : { ...draft, publish: body.publish },
        editing: flow.status !== 'published',
      });
    },
    reset: () => set({ ...EMPTY, history: emptyHistory() }),
    update,
    setName: (name) => update((d) => ({ ...d, name })),
    setCondition: (condition) => update((d) => ({ ...d, condition })),
    addStep: (type = 'modal') => {
      const { draft } = get();
      if (!draft || draft.steps.length >= MAX_STEPS) return;
      const step = newStep(type, newEditorId());
      commit({ ...draft, steps: [...draft.steps, step] }, { selectedStepId: step.id });
    },
    updateStep: (step) => {
      update((d) => ({ ...d, steps: d.steps.map((s) => (s.id === step.id ? step : s)) }));
      const { touchedSteps } = get();
      if (!touchedSteps[step.id]) set({ touchedSteps: { ...touchedSteps, [step.id]: true } });
    },
    markChecked: () => set({ checked: true }),
    removeStep: (id) => {
      update((d) => withoutStep(d, id));
      if (get().selectedStepId === id) set({ selectedStepId: null });
    },
    moveStep: (id, by) => update((d) => withStepMoved(d, id, by)),
    selectStep: (id) => set({ selectedStepId: id }),
    setPositions: (positions) =>
      update((d) => ({ ...d, layout: { positions: { ...d.layout.positions, ...positions } } })),
    startEditing: () => set({ editing: true }),
    undo: () => {
      const { history, draft } = get();
      if (draft) travel(undoChange(history, draft));
    },
    redo: () => {
      const { history, draft } = get();
      if (draft) travel(redoChange(history, draft));
    },
  };
});

/** Whether Undo (or Redo) has something to do. */
export const selectCanUndo = (s: Pick<FlowEditorState, 'history'>) => s.history.past.length > 0;
export const selectCanRedo = (s: Pick<FlowEditorState, 'history'>) => s.history.future.length > 0;

/** The key of a flow's step in `pickersOpened`. */
const pickerKey = (flowId: number, stepId: string) => `${flowId}/${stepId}`;

/** Whether a picker page was opened for this step of the flow being edited. */
export const selectPickerOpened =
  (stepId: string) => (s: Pick<FlowEditorState, 'flowId' | 'pickersOpened'>) =>
    s.flowId !== null && !!s.pickersOpened[pickerKey(s.flowId, stepId)];

/** The editable body of a stored flow (server fields dropped). */
export function toBody(flow: Flow): FlowBody {
  const { id: _id, status: _status, created_at: _c, updated_at: _u, ...body } = flow;
  return body;
}

/** Unsaved changes: the draft differs from the last save (key order does not matter). */
export const selectDirty = (s: Pick<FlowEditorState, 'draft' | 'saved' | 'flowId'>) =>
  s.draft !== null && (s.flowId === null || !sameJson(s.draft, s.saved));

/** Read-only: a published flow the user has not chosen to edit. */
export const selectReadOnly = (s: Pick<FlowEditorState, 'status' | 'editing'>) =>
  s.status === 'published' && !s.editing;

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}
