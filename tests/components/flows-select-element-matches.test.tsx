import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  afterEach,
  type MockInstance,
} from 'vitest';
import { BUILDER_PROBE_EVENT } from '@/lib/contracts/builder-probe';
import { SocketProvider } from '@/components/providers/socket-provider';
import { PROBE_DEBOUNCE_MS } from '@/features/flows/components/step/select-element-matches';
import { FlowEditorHeader } from '@/features/flows/components/editor/flow-editor-header';
import { FlowEditorView } from '@/features/flows/components/editor/flow-editor-view';
import { useFlowEditorStore } from '@/features/flows/state/editor-store';
import { aStep } from '../fixtures/flows';
import { server } from '../mocks/node';
import { fake, fire, resetFakeSocket } from './fake-tail-socket';
import { seedTour } from './flow-editor-utils';
import { installReactFlowEnv } from './react-flow-env';
import { renderWithProviders } from './test-utils';

vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule);

/** The live match count of the Advanced selector field (docs/builder.md, "Live match count"). */

const tooltip = () =>
  aStep({
    id: 'tip',
    type: 'tool_tip',
    content: '<p>Buy here</p>',
    select_element: { url: 'https://shop.example.com/cart', selector: '' },
  });

function renderEditor() {
  return renderWithProviders(
    <SocketProvider>
      <FlowEditorHeader />
      <FlowEditorView />
    </SocketProvider>,
  );
}

/** The probes the editor sent; the server answers `openPages` open builder pages. */
function probeServer(openPages = 1) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/v1/flows/:id/builder-probe', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: { open_pages: openPages } });
    }),
  );
  return sent;
}

/** Opens step 1, then the picker on the site (Select element → Open page). */
async function openPicker(user: ReturnType<typeof renderEditor>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
  const panel = screen.getByRole('complementary', { name: 'Step 1 editor' });
  await user.click(within(panel).getByRole('button', { name: 'Select element' }));
  await user.click(within(panel).getByRole('button', { name: 'Open page' }));
  await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(fake.state.listeners.get(BUILDER_PROBE_EVENT)?.size).toBe(1));
  return panel;
}

let open: MockInstance<typeof window.open>;
beforeAll(installReactFlowEnv);
beforeEach(() => {
  resetFakeSocket();
  // Pickers opened are remembered per flow and step across editor loads: none from another test.
  useFlowEditorStore.setState({ pickersOpened: {} });
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => open.mockRestore());

describe('Advanced selector: the live match count on the page open in the builder', () => {
  it('sends the typed selector and shows the count the builder page answers', async () => {
    const flow = seedTour({ steps: [tooltip()] });
    const sent = probeServer();
    const { user } = renderEditor();
    const panel = await openPicker(user);
    await user.type(within(panel).getByLabelText('CSS selector'), '.plan button');

    await waitFor(() => expect(sent).toEqual([{ step_id: 'tip', selector: '.plan button' }]));
    await within(panel).findByText(/Counting the matches/);
    fire(BUILDER_PROBE_EVENT, {
      flow_id: flow.id,
      step_id: 'tip',
      selector: '.plan button',
      count: 3,
    });
    expect(await within(panel).findByText(/3 matches/)).toBeInTheDocument();
    fire(BUILDER_PROBE_EVENT, {
      flow_id: flow.id,
      step_id: 'tip',
      selector: '.plan button',
      count: 0,
    });
    expect(await within(panel).findByText(/No element matches/)).toBeInTheDocument();
    fire(BUILDER_PROBE_EVENT, {
      flow_id: flow.id,
      step_id: 'tip',
      selector: '.plan button',
      count: 1,
    });
    expect(await within(panel).findByText(/1 match\b/)).toBeInTheDocument();
  });

  it("ignores another tour's or step's count, and one of a selector typed before", async () => {
    const flow = seedTour({ steps: [tooltip()] });
    probeServer();
    const { user } = renderEditor();
    const panel = await openPicker(user);
    await user.type(within(panel).getByLabelText('CSS selector'), '#buy');
    await within(panel).findByText(/Counting the matches/);
    fire(BUILDER_PROBE_EVENT, { flow_id: flow.id + 1, step_id: 'tip', selector: '#buy', count: 7 });
    fire(BUILDER_PROBE_EVENT, { flow_id: flow.id, step_id: 'other', selector: '#buy', count: 7 });
    fire(BUILDER_PROBE_EVENT, { flow_id: flow.id, step_id: 'tip', selector: '#bu', count: 7 });
    expect(within(panel).queryByText(/7 matches/)).toBeNull();
    expect(within(panel).getByText(/Counting the matches/)).toBeInTheDocument();
  });

  it('keeps counting after another step was edited, and after the editor was opened again', async () => {
    const flow = seedTour({ steps: [tooltip(), aStep({ id: 'intro', content: '<p>Hi</p>' })] });
    const sent = probeServer();
    const { user, unmount } = renderEditor();
    await openPicker(user);
    // Step 2 is a modal: step 1's target section goes away, and comes back new.
    await user.click(screen.getByRole('button', { name: 'Edit step 2' }));
    await screen.findByRole('complementary', { name: 'Step 2 editor' });
    await user.click(screen.getByRole('button', { name: 'Edit step 1' }));
    let panel = await screen.findByRole('complementary', { name: 'Step 1 editor' });
    await user.type(within(panel).getByLabelText('CSS selector'), '#buy');
    await waitFor(() => expect(sent).toEqual([{ step_id: 'tip', selector: '#buy' }]));
    await within(panel).findByText(/Counting the matches/);

    unmount();
    const again = renderEditor();
    await again.user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
    panel = screen.getByRole('complementary', { name: 'Step 1 editor' });
    await again.user.clear(within(panel).getByLabelText('CSS selector'));
    await again.user.type(within(panel).getByLabelText('CSS selector'), '.buy');
    await waitFor(() => expect(sent).toContainEqual({ step_id: 'tip', selector: '.buy' }));
    await waitFor(() => expect(fake.state.listeners.get(BUILDER_PROBE_EVENT)?.size).toBe(1));
    fire(BUILDER_PROBE_EVENT, { flow_id: flow.id, step_id: 'tip', selector: '.buy', count: 2 });
    expect(await within(panel).findByText(/2 matches/)).toBeInTheDocument();
  });

  it('says when no builder page is open for the step', async () => {
    seedTour({ steps: [tooltip()] });
    probeServer(0);
    const { user } = renderEditor();
    const panel = await openPicker(user);
    await user.type(within(panel).getByLabelText('CSS selector'), '#buy');
    expect(
      await within(panel).findByText(/Open the page with Select element to see how many/),
    ).toBeInTheDocument();
  });

  it('asks nothing before a picker was opened from the editor', async () => {
    seedTour({ steps: [tooltip()] });
    const sent = probeServer();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
    const panel = screen.getByRole('complementary', { name: 'Step 1 editor' });
    await user.type(within(panel).getByLabelText('CSS selector'), '#buy');
    // Past the pause after typing (twice over), no request went out.
    await new Promise((resolve) => setTimeout(resolve, 2 * PROBE_DEBOUNCE_MS));
    expect(sent).toEqual([]);
    expect(within(panel).queryByText(/Counting the matches/)).toBeNull();
  });
});
