import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useFlowEditorStore } from '@/features/flows/state/editor-store';
import type { Flow } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { db } from '../mocks/db';
import { installReactFlowEnv } from './react-flow-env';
import { mockRouter, setRoute } from '../setup/router';
import { signInAs } from './test-utils';
import { renderEditor, seedTour } from './flow-editor-utils';
import { aButton, aFlowCondition, aStep, aUrlTrigger } from '../fixtures/flows';

const M = MESSAGES.flows;
/** A modal step with `content` and a Done button `b_{id}` (the seeded tour's s1 says "Welcome!"). */
const modal = (id: string, content = '<p>Welcome!</p>') =>
  aStep({ id, content, buttons: [aButton({ id: `b_${id}`, label: 'Done' })] });

function seed(over: Partial<Flow> = {}) {
  return seedTour({ condition: aFlowCondition(aUrlTrigger()), steps: [modal('s1')], ...over });
}

const toasts = () => document.querySelector('.Toastify');
const title = () => screen.findByRole('textbox', { name: 'Flow title' });

describe('Flow editor', () => {
  beforeAll(installReactFlowEnv);

  it('opens a stored flow: title, the fixed nodes and one editor node per step', async () => {
    seed({
      steps: [modal('s1'), modal('s2', '<p>Second</p>')],
    });
    renderEditor();
    expect(await title()).toHaveValue('Onboarding');
    expect(await screen.findByRole('region', { name: 'Trigger' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Step 1' })).toHaveTextContent('Welcome!');
    expect(screen.getByRole('region', { name: 'Step 2' })).toHaveTextContent('Second');
    expect(screen.getByRole('region', { name: 'Advanced settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add step' })).toBeEnabled();
    expect(screen.getByText('Unpublished')).toBeInTheDocument();
  });

  it('checks the title on Enter and on blur (docs/product/validation.md#52-flow-title) and applies only a valid one', async () => {
    seed();
    const { user } = renderEditor();
    const input = await title();
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(M.titleEmpty)).toBeInTheDocument();
    expect(useFlowEditorStore.getState().draft!.name).toBe('Onboarding');

    await user.type(input, 'x'.repeat(61));
    await user.tab();
    expect(await screen.findByText(M.titleTooLong)).toBeInTheDocument();
    expect(screen.queryByText(M.titleEmpty)).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'Welcome tour{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useFlowEditorStore.getState().draft!.name).toBe('Welcome tour');
    expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();
  });

  it('adds a step, opens its editor panel, and saves the whole flow', async () => {
    const flow = seed();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    expect(await screen.findByRole('region', { name: 'Step 2' })).toHaveTextContent(
      'No content yet',
    );
    expect(screen.getByRole('complementary', { name: 'Step 2 editor' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveTextContent(M.updated));
    const stored = db.flows.find((f) => f.id === flow.id)!;
    expect(stored.steps).toHaveLength(2);
    expect(stored.steps[1]).toMatchObject({ type: 'modal', content: '' });
    expect(screen.queryByText(/unsaved changes/)).not.toBeInTheDocument();
  });

  it('toasts a failed save with the server message', async () => {
    seed();
    const { user } = renderEditor();
    await title();
    db.flows.length = 0; // deleted elsewhere meanwhile: the API answers 404
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveTextContent(M.failedToUpdate(M.notFound)));
  });

  it('publishes through the Publish dialog only once docs/product/validation.md#58-flow-checks holds', async () => {
    const flow = seed({
      steps: [modal('s1', '<p></p>')],
    });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish Flow' });
    expect(dialog).toHaveTextContent(M.cannotPublish);
    expect(dialog).toHaveTextContent(M.stepContent);
    expect(within(dialog).getByRole('button', { name: 'Publish now' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'View install instructions' })).toHaveAttribute(
      'href',
      '/integrations?t=flows-integrations',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    act(() => useFlowEditorStore.getState().updateStep(modal('s1', '<p>Hello</p>')));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish Flow' });
    expect(dialog).not.toHaveTextContent(M.cannotPublish);
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));

    await waitFor(() => expect(db.flows.find((f) => f.id === flow.id)!.status).toBe('published'));
    expect(db.flows.find((f) => f.id === flow.id)!.steps[0]!.content).toBe('<p>Hello</p>');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
    // Published: read-only until the user chooses to edit.
    expect(screen.getByRole('button', { name: 'Add step' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('unpublishes through the Unpublish dialog with the spec text and warning', async () => {
    const flow = seed({ publish: true });
    const { user } = renderEditor();
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(await screen.findByText(/published and read-only/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Flow title' })).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Flow' });
    expect(dialog).toHaveTextContent('Do you sure want to unpublish this flow "Onboarding"?');
    expect(dialog).toHaveTextContent(M.unpublishWarning);
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(db.flows.find((f) => f.id === flow.id)!.status).toBe('unpublished'));
    expect(db.flows.find((f) => f.id === flow.id)!.name).toBe('Onboarding');
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add step' })).toBeEnabled();
  });

  it('a published flow becomes editable with Edit, and Save keeps it published', async () => {
    const flow = seed({ publish: true });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Add step' })).toBeEnabled();
    await user.clear(screen.getByRole('textbox', { name: 'Flow title' }));
    await user.type(screen.getByRole('textbox', { name: 'Flow title' }), 'Renamed{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.flows.find((f) => f.id === flow.id)!.name).toBe('Renamed'));
    expect(db.flows.find((f) => f.id === flow.id)!.status).toBe('published');
  });

  it('asks before leaving with unsaved changes (back arrow and in-app navigation)', async () => {
    seed();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/flows');
    mockRouter.push.mockClear();

    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    expect(dialog).toHaveTextContent(MESSAGES.discardConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mockRouter.push).not.toHaveBeenCalled();

    // A sidebar link or the browser's back button: the route change is refused and asked about.
    let refused: unknown;
    act(() => {
      try {
        mockRouter.events.emit('routeChangeStart', '/events');
      } catch (e) {
        refused = e;
      }
    });
    expect(String(refused)).toMatch(/aborted/);
    dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/events');
  });

  it('the browser back button with unsaved changes keeps the editor and asks', async () => {
    seed();
    const { user } = renderEditor();
    await title();
    const onPopState = () => {
      const calls = mockRouter.beforePopState.mock.calls as unknown as [
        (s: { as: string; url: string; options: object }) => boolean,
      ][];
      return calls.at(-1)![0]({ as: '/events', url: '/events', options: {} });
    };
    expect(onPopState()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const pushState = vi.spyOn(window.history, 'pushState');
    let allowed = true;
    act(() => {
      allowed = onPopState();
    });
    expect(allowed).toBe(false);
    expect(pushState).toHaveBeenCalledWith(null, '', mockRouter.asPath);
    const dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/events');
  });

  it('saves nothing while the typed title is invalid', async () => {
    seed();
    const { user } = renderEditor();
    await user.clear(await title());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.titleEmpty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Flow title' }), 'Fixed{Enter}');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('unpublishing a flow being edited saves only the status; the edits stay unsaved', async () => {
    const flow = seed({ publish: true });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Flow' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(db.flows.find((f) => f.id === flow.id)!.status).toBe('unpublished'));
    expect(db.flows.find((f) => f.id === flow.id)!.steps).toHaveLength(1);
    expect(useFlowEditorStore.getState().draft!.steps).toHaveLength(2);
    expect(await screen.findByText(/unsaved changes/)).toBeInTheDocument();
  });

  it('waits for the router before deciding between a stored and a new flow', async () => {
    seed();
    mockRouter.isReady = false;
    mockRouter.query = {};
    renderEditor();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the flow');
    expect(screen.queryByRole('textbox', { name: 'Flow title' })).toBeNull();
    expect(useFlowEditorStore.getState().draft).toBeNull();
  });

  it('asks the browser to confirm a tab close only with unsaved changes', async () => {
    seed();
    const { user } = renderEditor();
    await title();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('advanced settings: custom display needs a number of times (docs/product/validation.md#58-flow-checks), priority is kept', async () => {
    const flow = seed();
    const { user } = renderEditor();
    const node = await screen.findByRole('region', { name: 'Advanced settings' });
    await user.click(within(node).getByRole('radio', { name: 'A set number of times' }));
    expect(within(node).getByText(M.displayTimesRequired)).toBeInTheDocument();
    await user.type(within(node).getByLabelText('Display times'), '3x');
    expect(within(node).getByText(M.displayTimesNumber)).toBeInTheDocument();
    const times = within(node).getByLabelText('Display times');
    for (const junk of ['0', '-1', '1e3', '0x10']) {
      await user.clear(times);
      await user.click(times);
      await user.paste(junk);
      expect(within(node).getByText(M.displayTimesNumber)).toBeInTheDocument();
    }
    await user.clear(within(node).getByLabelText('Display times'));
    await user.type(within(node).getByLabelText('Display times'), '3');
    expect(within(node).queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(within(node).getByLabelText('Priority'));
    await user.type(within(node).getByLabelText('Priority'), '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(db.flows.find((f) => f.id === flow.id)).toMatchObject({
        display_type: 'custom',
        display_times: 3,
        priority: 7,
      }),
    );
  });

  it('deletes a step only after confirmation', async () => {
    seed({
      steps: [modal('s1'), modal('s2', '<p>Second</p>')],
    });
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete step 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete step 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete step' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Step 2' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Step 1' })).toHaveTextContent('Second');
  });

  it('shows not-found for a flow of another account', async () => {
    seed();
    const other = signInAs({ email: 'eve@example.com' });
    void other;
    renderEditor();
    expect(await screen.findByText(M.notFound)).toBeInTheDocument();
  });

  it('/flows/create edits a new flow that gets its address on the first save', async () => {
    seed();
    setRoute('/flows/create');
    const { user } = renderEditor();
    expect(await title()).toHaveValue('Untitled tour');
    expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(db.flows).toHaveLength(2));
    expect(mockRouter.replace).toHaveBeenCalledWith(`/flows/${db.flows[0]!.id}`);
  });
});
