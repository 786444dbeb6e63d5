import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { installReactFlowEnv } from './react-flow-env';
import { renderEditor, seedTour } from './flow-editor-utils';

const M = MESSAGES.flows;

describe('Flow editor: problems show on change, blur and Save, not on open (issue 30, point 7)', () => {
  beforeAll(installReactFlowEnv);

  it('a new step shows nothing to fix until Save; then the node and its panel say what', async () => {
    seedTour();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    const node = await screen.findByRole('region', { name: 'Step 1' });
    const panel = screen.getByRole('complementary', { name: 'Step 1 editor' });
    expect(within(panel).queryByText(M.stepContent)).not.toBeInTheDocument();
    expect(node).not.toHaveTextContent(/problems? to fix/);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(panel).getByText(M.stepContent)).toBeInTheDocument());
    expect(node).toHaveTextContent('1 problem to fix');
  });

  it('a step changed in its panel shows its problems on the canvas too', async () => {
    seedTour();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    await user.selectOptions(screen.getByLabelText('Step type'), 'Tooltip');
    expect(await screen.findByRole('region', { name: 'Step 1' })).toHaveTextContent(
      '2 problems to fix',
    );
    expect(screen.getByText(M.selectElement)).toBeInTheDocument();
  });
});

describe("Flow editor header: More actions (a phone's header, issue 30 point 4)", () => {
  beforeAll(installReactFlowEnv);

  const more = () => screen.getByRole('button', { name: 'More actions' });

  it('offers every header action under the same names, and Unpublish works from it', async () => {
    seedTour({ publish: true });
    const { user } = renderEditor();
    expect(await screen.findByText('Published')).toBeInTheDocument();
    await user.click(more());
    const names = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(names).toEqual(['Delete tour', 'Preview', 'Edit', 'Unpublish']);
    await user.click(screen.getByRole('menuitem', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Flow' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Publish' })).toBeInTheDocument();
  });

  it('a new tour: Save and Publish, and Undo once there is a change', async () => {
    seedTour();
    const { user } = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Add step' }));
    await user.click(more());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Undo',
      'Delete tour',
      'Preview',
      'Save',
      'Publish',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Publish' }));
    expect(await screen.findByRole('dialog', { name: 'Publish Flow' })).toBeInTheDocument();
    // Publishing shows every problem from now on.
    expect(screen.getByRole('region', { name: 'Step 1', hidden: true })).toHaveTextContent(
      /problem/,
    );
  });
});
