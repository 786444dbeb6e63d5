import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { installReactFlowEnv } from './react-flow-env';
import { mockRouter, setRoute } from '../setup/router';
import { renderEditor, seedTour } from './flow-editor-utils';
import { signedInWithBrand } from './test-utils';

const savedTour = () => seedTour();

describe('Flow editor: deleting the tour', () => {
  beforeAll(installReactFlowEnv);

  it('asks first, deletes, and goes back to the list', async () => {
    const flow = savedTour();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product tour' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.flows.some((f) => f.id === flow.id)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete tour' }));
    const again = await screen.findByRole('dialog', { name: 'Delete product tour' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/flows'));
    expect(db.flows.some((f) => f.id === flow.id)).toBe(false);
    expect(await screen.findByText(MESSAGES.flows.deleted('Onboarding'))).toBeInTheDocument();
  });

  it('shows "Failed to delete Flow" when the delete fails, and stays', async () => {
    savedTour();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.delete('*/v1/flows/:id', () =>
        HttpResponse.json({ message: 'DB down', status: 500, code: 'internal' }, { status: 500 }),
      ),
    );
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Delete tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product tour' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(MESSAGES.flows.failedToDeleteFlow('DB down')),
    ).toBeInTheDocument();
    expect(mockRouter.push).not.toHaveBeenCalledWith('/flows');
  });

  it('offers no delete for a tour that was never saved', async () => {
    signedInWithBrand();
    setRoute('/flows/create');
    renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Flow title' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete tour' })).not.toBeInTheDocument();
  });
});
