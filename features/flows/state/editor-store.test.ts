import { beforeEach, describe, expect, it } from 'vitest';
import type { Flow } from '@/lib/contracts/flows';
import { newDraft } from '../lib/new-draft';
import {
  selectCanRedo,
  selectCanUndo,
  selectDirty,
  selectPickerOpened,
  selectReadOnly,
  toBody,
  useFlowEditorStore,
} from './editor-store';

const store = () => useFlowEditorStore.getState();
const stored = (over: Partial<Flow> = {}): Flow => ({
  ...newDraft(3),
  id: 9,
  status: 'unpublished',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('flow editor store', () => {
  beforeEach(() => store().reset());

  it('a loaded flow is clean until something changes, and clean again when changed back', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    expect(selectDirty(store())).toBe(false);
    store().setName('Welcome');
    expect(selectDirty(store())).toBe(true);
    store().setName('Untitled tour');
    expect(selectDirty(store())).toBe(false);
  });

  it('a new flow (no id yet) counts as unsaved', () => {
    store().load(newDraft(3));
    expect(selectDirty(store())).toBe(true);
  });

  it('adding a step appends an empty modal with a b_ id and selects it', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    store().addStep();
    const [s] = store().draft!.steps;
    expect(s).toMatchObject({ type: 'modal', content: '', buttons: [] });
    expect(s!.id).toMatch(/^b_[0-9a-f]{12}$/);
    expect(store().selectedStepId).toBe(s!.id);
  });

  it('removing a step drops its position, unselects it and unlinks gotos to it', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    store().addStep();
    store().addStep();
    const [a, b] = store().draft!.steps;
    store().updateStep({
      ...a!,
      buttons: [
        {
          id: 'b_x',
          label: 'Next',
          background_color: '#000',
          color: '#fff',
          actions: [{ type: 'goto', reference_step: b!.id }],
        },
      ],
    });
    store().setPositions({ [b!.id]: { x: 1, y: 2 } });
    store().removeStep(b!.id);
    expect(store().draft!.steps.map((s) => s.id)).toEqual([a!.id]);
    expect(store().draft!.steps[0]!.buttons[0]!.actions[0]).toEqual({
      type: 'goto',
      reference_step: null,
    });
    expect(store().draft!.layout.positions[b!.id]).toBeUndefined();
    expect(store().selectedStepId).toBeNull();
  });

  it('a published flow is read-only until the user chooses to edit', () => {
    store().load(toBody(stored({ publish: true, status: 'published' })), {
      id: 9,
      status: 'published',
    });
    expect(selectReadOnly(store())).toBe(true);
    store().startEditing();
    expect(selectReadOnly(store())).toBe(false);
  });

  it('after a save the server copy becomes the draft unless the user changed it meanwhile', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    store().setName('Tour');
    const sent = store().draft!;
    store().markSaved(stored({ name: 'Tour', publish: true, status: 'published' }), {
      ...sent,
      publish: true,
    });
    expect(store().draft!.publish).toBe(true);
    expect(selectDirty(store())).toBe(false);
    expect(store().status).toBe('published');

    const sent2 = store().draft!;
    store().setName('Typed while saving');
    store().markSaved(stored({ name: 'Tour', publish: false }), { ...sent2, publish: false });
    expect(store().draft!.name).toBe('Typed while saving');
    expect(store().draft!.publish).toBe(false);
    expect(selectDirty(store())).toBe(true);
  });

  it('undoes and redoes changes of the definition and the layout, not loads or saves', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    expect(selectCanUndo(store())).toBe(false);
    store().addStep();
    const [a] = store().draft!.steps;
    store().setPositions({ [a!.id]: { x: 5, y: 6 } });
    store().setName('Tour');

    store().undo();
    expect(store().draft!.name).toBe('Untitled tour');
    store().undo();
    expect(store().draft!.layout.positions).toEqual({});
    expect(store().selectedStepId).toBe(a!.id);
    store().undo();
    expect(store().draft!.steps).toEqual([]);
    expect(store().selectedStepId).toBeNull();
    expect(selectCanUndo(store())).toBe(false);
    expect(selectDirty(store())).toBe(false);

    store().redo();
    store().redo();
    expect(store().draft!.layout.positions).toEqual({ [a!.id]: { x: 5, y: 6 } });
    expect(selectCanRedo(store())).toBe(true);
    store().moveStep(a!.id, 1); // at the end already: nothing changes, Redo stays
    expect(selectCanRedo(store())).toBe(true);
    store().update((d) => ({ ...d, priority: 4 }));
    expect(selectCanRedo(store())).toBe(false);

    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    expect(selectCanUndo(store())).toBe(false);
  });

  it('moves steps in the order, and undo puts them back', () => {
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    store().addStep();
    store().addStep();
    const [a, b] = store().draft!.steps;
    store().moveStep(b!.id, -1);
    expect(store().draft!.steps.map((s) => s.id)).toEqual([b!.id, a!.id]);
    store().undo();
    expect(store().draft!.steps.map((s) => s.id)).toEqual([a!.id, b!.id]);
  });

  it('a read-only flow is not undone', () => {
    store().load(toBody(stored({ publish: true, status: 'published' })), {
      id: 9,
      status: 'published',
    });
    store().startEditing();
    store().setName('Changed');
    useFlowEditorStore.setState({ editing: false });
    store().undo();
    expect(store().draft!.name).toBe('Changed');
  });
});

describe('pickers opened from the editor', () => {
  it('are remembered per flow and step, across loads and resets of the editor', () => {
    const opened = (stepId: string) => selectPickerOpened(stepId)(store());
    store().load(newDraft(3));
    store().markPickerOpened('tip'); // a new flow: no page can be opened for it yet
    expect(store().pickersOpened).toEqual({});
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    expect(opened('tip')).toBe(false);
    store().markPickerOpened('tip');
    expect(opened('tip')).toBe(true);
    expect(opened('other')).toBe(false);
    store().reset();
    store().load(toBody(stored()), { id: 9, status: 'unpublished' });
    expect(opened('tip')).toBe(true); // its page is still open
    store().load(toBody(stored({ id: 10 })), { id: 10, status: 'unpublished' });
    expect(opened('tip')).toBe(false); // the same step id in another flow
  });
});
