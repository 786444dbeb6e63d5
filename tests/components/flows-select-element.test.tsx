import { screen, waitFor, within } from '@testing-library/react';
import {
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { BUILDER_TARGET_EVENT } from '@/lib/contracts/builder-constants';
import type { BuilderTargetSaved } from '@/lib/contracts/builder';
import type { Flow } from '@/lib/contracts/flows';
import { MESSAGES } from '@/lib/messages';
import { SocketProvider } from '@/components/providers/socket-provider';
import { FlowEditorHeader } from '@/features/flows/components/editor/flow-editor-header';
import { FlowEditorView } from '@/features/flows/components/editor/flow-editor-view';
import { flowKeys } from '@/features/flows/lib/query-keys';
import { http } from 'msw';
import { aStep } from '../fixtures/flows';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { fake, fire, resetFakeSocket } from './fake-tail-socket';
import { seedTour } from './flow-editor-utils';
import { installReactFlowEnv } from './react-flow-env';
import { renderWithProviders } from './test-utils';

vi.mock('socket.io-client', async () => (await import('./fake-tail-socket')).socketModule);

const tooltip = (select_element: { url: string; selector: string } | null) =>
  aStep({ id: 'tip', type: 'tool_tip', content: '<p>Buy here</p>', select_element });

/** The editor as its page renders it, with the app's socket. */
function renderEditor() {
  return renderWithProviders(
    <SocketProvider>
      <FlowEditorHeader />
      <FlowEditorView />
    </SocketProvider>,
  );
}

/** Once the editor listens on the app's socket (the provider connects after the first render). */
const listening = () =>
  waitFor(() => expect(fake.state.listeners.get(BUILDER_TARGET_EVENT)?.size).toBe(1));

async function openStep(user: ReturnType<typeof renderEditor>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Edit step 1' }));
  return screen.getByRole('complementary', { name: 'Step 1 editor' });
}

let open: MockInstance<typeof window.open>;
beforeAll(installReactFlowEnv);
beforeEach(() => {
  resetFakeSocket();
  open = vi.spyOn(window, 'open').mockReturnValue(null);
});
afterEach(() => open.mockRestore());

describe("Select element: launching the builder on the customer's site (issue 32 point 1)", () => {
  it("asks for the page (the step's own first), calls the API and opens the link in a new tab", async () => {
    seedTour({ steps: [tooltip({ url: 'https://shop.example.com/cart', selector: '#buy' })] });
    const { user } = renderEditor();
    const panel = await openStep(user);
    await user.click(within(panel).getByRole('button', { name: 'Select element' }));
    const page = within(panel).getByLabelText('Page of your site');
    expect(page).toHaveValue('https://shop.example.com/cart');
    await user.click(within(panel).getByRole('button', { name: 'Open page' }));

    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const [url, target, features] = open.mock.calls[0]!;
    expect(String(url)).toMatch(/^https:\/\/shop\.example\.com\/cart#signpost-builder=\w{22}$/);
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    expect(within(panel).getByRole('status')).toHaveTextContent(/opened in a new tab/);
  });

  it("offers the product's site when the step has no page yet; Preview on site opens in preview mode", async () => {
    seedTour({ steps: [tooltip(null)] });
    let sent: unknown;
    // Records the body and lets the mock API answer (a resolver that returns nothing falls through).
    server.use(
      http.post('*/v1/flows/:id/builder-sessions', async ({ request }) => {
        sent = await request.clone().json();
      }),
    );
    const { user } = renderEditor();
    const panel = await openStep(user);
    await user.click(within(panel).getByRole('button', { name: 'Preview on site' }));
    expect(await within(panel).findByLabelText('Page of your site')).toHaveValue(
      'https://shop.example.com/',
    );
    await user.click(within(panel).getByRole('button', { name: 'Open page' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(sent).toEqual({ step_id: 'tip', url: 'https://shop.example.com/', mode: 'preview' });
  });

  it("shows the server's refusal inline, with a link to the setting it names", async () => {
    seedTour({ steps: [tooltip(null)] });
    const { user } = renderEditor();
    const panel = await openStep(user);
    await user.click(within(panel).getByRole('button', { name: 'Select element' }));
    const page = within(panel).getByLabelText('Page of your site');
    await user.clear(page);
    await user.type(page, 'https://shop.example.com.evil.com/cart{Enter}');

    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(
      MESSAGES.builder.originRefused('https://shop.example.com.evil.com'),
    );
    expect(within(alert).getByRole('link', { name: 'Open Product Tracking' })).toHaveAttribute(
      'href',
      '/brands',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('asks to save first while the step is not in the saved tour', async () => {
    seedTour({ steps: [tooltip(null)] });
    const { user } = renderEditor();
    await screen.findByRole('button', { name: 'Edit step 1' });
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    const panel = screen.getByRole('complementary', { name: 'Step 2 editor' });
    await user.selectOptions(within(panel).getByLabelText('Step type'), 'Tooltip');
    expect(within(panel).getByRole('button', { name: 'Select element' })).toBeDisabled();
    expect(within(panel).getByText(/Save the tour first/)).toBeInTheDocument();
  });
});

describe('Select element: the pick reaches the editor over the socket', () => {
  const picked = (flowId: number, over: Partial<BuilderTargetSaved['select_element']> = {}) => ({
    flow_id: flowId,
    step_id: 'tip',
    select_element: {
      url: 'https://shop.example.com/cart',
      selector: 'main > div:nth-child(2) > button',
      text: 'Buy now',
      grade: 'C' as const,
      candidates: [{ kind: 'css' as const, value: 'main > div:nth-child(2) > button', nth: 0 }],
      ...over,
    },
    updated_at: new Date().toISOString(),
  });

  it('shows the chosen element, its selector and grade at once, with no unsaved change', async () => {
    const flow = seedTour({ steps: [tooltip({ url: '/', selector: '' })] });
    const { user, queryClient } = renderEditor();
    const panel = await openStep(user);
    await listening();

    fire(BUILDER_TARGET_EVENT, picked(flow.id));
    const chosen = within(panel).getByRole('group', { name: 'Chosen element' });
    expect(chosen).toHaveTextContent('“Buy now”');
    expect(chosen).toHaveTextContent('main > div:nth-child(2) > button');
    expect(chosen).toHaveTextContent('Grade C');
    expect(chosen).toHaveTextContent('Found by its place in the page only');
    expect(chosen).toHaveTextContent('Add data-signpost="buy-now" to this element');
    expect(within(panel).getByLabelText('CSS selector')).toHaveValue(
      'main > div:nth-child(2) > button',
    );
    expect(screen.queryByText(MESSAGES.flows.selectElement)).not.toBeInTheDocument();
    // The server saved it already: nothing is left to save, and the cached tour holds it.
    expect(screen.getByText('Unpublished')).not.toHaveTextContent('unsaved changes');
    expect(
      queryClient.getQueryData<Flow>(flowKeys.detail(flow.id))!.steps[0]!.select_element,
    ).toEqual(picked(flow.id).select_element);
  });

  it("keeps unsaved edits and replaces only the target; another tour's pick changes nothing", async () => {
    const flow = seedTour({ steps: [tooltip({ url: '/', selector: '#old' })] });
    const { user } = renderEditor();
    const panel = await openStep(user);
    const title = screen.getByRole('textbox', { name: 'Flow title' });
    await user.clear(title);
    await user.type(title, 'Checkout help{Enter}');
    await listening();

    fire(BUILDER_TARGET_EVENT, picked(flow.id + 1, { text: 'Elsewhere' }));
    expect(within(panel).queryByRole('group', { name: 'Chosen element' })).toBeNull();

    fire(BUILDER_TARGET_EVENT, picked(flow.id, { grade: 'A', selector: '[data-testid="buy"]' }));
    const chosen = within(panel).getByRole('group', { name: 'Chosen element' });
    expect(chosen).toHaveTextContent('Grade A');
    expect(chosen).toHaveTextContent('Found by a data attribute or a stable id');
    expect(chosen).not.toHaveTextContent('data-signpost=');
    expect(title).toHaveValue('Checkout help');
    expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();
  });
});

describe('Select element: Advanced, typing by hand', () => {
  it('still edits the page and the selector; a typed selector replaces the pick', async () => {
    const flow = seedTour({ steps: [tooltip({ url: '/', selector: '' })] });
    const { user } = renderEditor();
    const panel = await openStep(user);
    await listening();
    fire(BUILDER_TARGET_EVENT, {
      flow_id: flow.id,
      step_id: 'tip',
      select_element: { url: '/cart', selector: '#buy', text: 'Buy', grade: 'B' },
      updated_at: new Date().toISOString(),
    });
    expect(within(panel).getByRole('group', { name: 'Chosen element' })).toBeInTheDocument();

    // A pick folds Advanced away; it opens again on demand.
    const advanced = within(panel).getByText('Advanced: type the page and selector');
    expect(advanced.closest('details')).not.toHaveAttribute('open');
    await user.click(advanced);
    expect(advanced.closest('details')).toHaveAttribute('open');
    const selector = within(panel).getByLabelText('CSS selector');
    await user.clear(selector);
    await user.type(selector, '#checkout');
    expect(selector).toHaveValue('#checkout');
    expect(within(panel).queryByRole('group', { name: 'Chosen element' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(db.flows.find((f) => f.id === flow.id)!.steps[0]!.select_element).toEqual({
        url: '/cart',
        selector: '#checkout',
      }),
    );
  });
});
