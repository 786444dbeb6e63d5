import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { db } from '../mocks/db';
import { addFlow } from '../mocks/flows.handlers';
import { newDraft } from '@/features/flows/lib/new-draft';
import { server } from '../mocks/node';
import { installReactFlowEnv } from './react-flow-env';
import { mockRouter, setRoute } from '../setup/router';
import { FlowEditorHeader } from '@/features/flows/components/editor/flow-editor-header';
import { FlowEditorView } from '@/features/flows/components/editor/flow-editor-view';
import { renderEditor } from './flow-editor-utils';
import { signedInWithBrand } from './test-utils';

const M = MESSAGES.flows;
/** Every request that is not a read: what creating or saving a flow would send. */
let writes: string[] = [];
const record = ({ request }: { request: Request }) => {
  if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
};

const toasts = () => document.querySelector('.Toastify');

describe('Flow editor: a new tour (/flows/create)', () => {
  beforeAll(installReactFlowEnv);
  beforeEach(() => {
    writes = [];
    server.events.on('request:start', record);
  });
  afterEach(() => server.events.removeListener('request:start', record));

  it('is edited in memory: nothing is sent until Save', async () => {
    signedInWithBrand();
    setRoute('/flows/create');
    const { user } = renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Flow title' })).toHaveValue('Untitled tour');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Close step editor' }));

    // Backing out asks first and, discarded, leaves nothing behind.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(mockRouter.push).toHaveBeenCalledWith('/flows');
    expect(writes).toEqual([]);
    expect(db.flows).toHaveLength(0);
  });

  it('is created by the first Save, moves to /flows/{id} and goes on there', async () => {
    const brand = signedInWithBrand();
    setRoute('/flows/create');
    const { user, rerender } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(db.flows).toHaveLength(1));
    const [created] = db.flows;
    expect(writes).toEqual(['POST /v1/flows']);
    expect(created).toMatchObject({ brand_id: brand.id, name: 'Untitled tour', publish: false });
    expect(created!.steps).toHaveLength(1);
    expect(mockRouter.replace).toHaveBeenCalledWith(`/flows/${created!.id}`);
    expect(screen.queryByText(/unsaved changes/)).not.toBeInTheDocument();
    // Moving to the tour's own address is not leaving, even with changes typed meanwhile.
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();
    act(() => {
      expect(() =>
        mockRouter.events.emit('routeChangeStart', `/flows/${created!.id}`),
      ).not.toThrow();
    });
    expect(screen.queryByRole('dialog', { name: 'Discard Changes' })).not.toBeInTheDocument();

    // The same editor goes on at the new address: nothing is loaded again.
    act(() => setRoute('/flows/[id]', { id: String(created!.id) }));
    rerender(
      <>
        <FlowEditorHeader />
        <FlowEditorView />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Step 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toEqual(['POST /v1/flows', `PUT /v1/flows/${created!.id}`]));
    expect(db.flows).toHaveLength(1);
    expect(db.flows[0]!.steps).toHaveLength(2);
  });

  it('a failed first save toasts and stays on /flows/create', async () => {
    signedInWithBrand();
    setRoute('/flows/create');
    server.use(
      http.post('*/v1/flows', () =>
        HttpResponse.json({ message: 'Quota reached', status: 500, code: 'x' }, { status: 500 }),
      ),
    );
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveTextContent(M.failedToCreate('Quota reached')));
    expect(mockRouter.replace).not.toHaveBeenCalled();
    expect(screen.getByText(/unsaved changes/)).toBeInTheDocument();
  });
});

describe('Flow editor: loading a stored tour', () => {
  beforeAll(installReactFlowEnv);

  it('shows "Failed to get detail" with Try again when the flow cannot be read', async () => {
    const brand = signedInWithBrand();
    const flow = addFlow({ ...newDraft(brand.id), name: 'Onboarding' });
    setRoute('/flows/[id]', { id: String(flow.id) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/v1/flows/:id', () =>
        HttpResponse.json({ message: 'DB down', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = renderEditor();
    expect(await screen.findByText(M.failedDetail('DB down'), {}, { timeout: 4000 })).toBeVisible();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Flow title' })).toHaveValue('Onboarding');
    expect(screen.queryByText(/Failed to get detail/)).not.toBeInTheDocument();
  });

  it('shows the not-found state, not the failure, for a 404', async () => {
    signedInWithBrand();
    setRoute('/flows/[id]', { id: '999' });
    renderEditor();
    expect(await screen.findByText(M.notFound)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to get detail/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Product Tour' })).toHaveAttribute(
      'href',
      '/flows',
    );
  });
});
