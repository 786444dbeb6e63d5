import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowStep } from '@/lib/contracts/flows';
import { db } from '../mocks/db';
import { installReactFlowEnv } from './react-flow-env';
import { renderEditor, seedTour } from './flow-editor-utils';
import { aButton, aStep } from '../fixtures/flows';

/** A modal step saying `text`, with a Next button `b_{id}` that goes to `goto` or dismisses. */
const modal = (id: string, text: string, goto?: string) =>
  aStep({
    id,
    content: `<p>${text}</p>`,
    buttons: [
      aButton({
        id: `b_${id}`,
        label: 'Next',
        actions: goto ? [{ type: 'goto', reference_step: goto }] : [{ type: 'dismiss' }],
      }),
    ],
  });
const seed = (steps: FlowStep[]) => seedTour({ steps });
const stepText = (n: number) => screen.getByRole('region', { name: `Step ${n}` }).textContent;
const title = () => screen.findByRole<HTMLInputElement>('textbox', { name: 'Flow title' });

describe('Flow editor: step order and undo', () => {
  beforeAll(installReactFlowEnv);

  it('moves steps up and down; goto actions keep their step, and the order is saved', async () => {
    const flow = seed([modal('s1', 'First', 's3'), modal('s2', 'Second'), modal('s3', 'Third')]);
    const { user } = renderEditor();
    await title();
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Move step 3 down' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Move step 1 up' }));
    expect(stepText(1)).toContain('First');

    await user.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    expect(
      [stepText(1), stepText(2), stepText(3)].map((t) => t?.match(/First|Second|Third/)?.[0]),
    ).toEqual(['First', 'Third', 'Second']);
    // From the keyboard too: Enter on the focused button.
    screen.getByRole('button', { name: 'Move step 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(stepText(1)).toContain('Third');
    expect(stepText(2)).toContain('First');

    // Step 2 (First) still goes to Third, now step 1.
    await user.click(screen.getByRole('button', { name: 'Edit step 2' }));
    expect(screen.getByRole('button', { name: /Next.*Go to step 1/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(db.flows.find((f) => f.id === flow.id)!.steps.map((s) => s.id)).toEqual([
        's3',
        's1',
        's2',
      ]),
    );
  });

  it('undoes and redoes with the toolbar buttons', async () => {
    seed([modal('s1', 'First'), modal('s2', 'Second')]);
    const { user } = renderEditor();
    await title();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(screen.getByRole('region', { name: 'Step 3' })).toBeInTheDocument();

    await user.click(undo);
    expect(screen.queryByRole('region', { name: 'Step 3' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    await user.click(undo);
    expect(stepText(1)).toContain('First');
    expect(undo).toBeDisabled();
    expect(screen.queryByText(/unsaved changes/)).not.toBeInTheDocument();

    await user.click(redo);
    expect(stepText(1)).toContain('Second');
    await user.click(redo);
    expect(screen.getByRole('region', { name: 'Step 3' })).toBeInTheDocument();
    expect(redo).toBeDisabled();
  });

  it('undoes with Ctrl/Cmd+Z and redoes with Ctrl/Cmd+Shift+Z and Ctrl+Y', async () => {
    seed([modal('s1', 'First')]);
    const { user } = renderEditor();
    const input = await title();
    await user.clear(input);
    await user.type(input, 'Welcome{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(screen.getByRole('button', { name: 'Close step editor' }));

    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(screen.queryByRole('region', { name: 'Step 2' })).not.toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(input).toHaveValue('Onboarding');
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(input).toHaveValue('Welcome');
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    // A node that comes back is shown once the canvas has measured it.
    expect(await screen.findByRole('region', { name: 'Step 2' })).toBeInTheDocument();
  });

  it('Ctrl+Z inside a field or the rich-text editor belongs to the field, not the editor', async () => {
    seed([modal('s1', 'First')]);
    const { user } = renderEditor();
    const input = await title();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();

    fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Step content' }), {
      key: 'z',
      ctrlKey: true,
    });
    const node = screen.getByRole('region', { name: 'Advanced settings' });
    fireEvent.keyDown(within(node).getByLabelText('Priority'), { key: 'z', metaKey: true });
    expect(screen.getByRole('region', { name: 'Step 2' })).toBeInTheDocument();
  });

  it('undoes a run of typing in one field in one go', async () => {
    seed([modal('s1', 'First')]);
    const { user } = renderEditor();
    await title();
    const node = screen.getByRole('region', { name: 'Advanced settings' });
    const priority = within(node).getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '42');
    expect(priority).toHaveValue(42);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(priority).toHaveValue(0);
  });

  it('offers no undo on a published flow until Edit', async () => {
    seed([modal('s1', 'First')]);
    db.flows[0]!.status = 'published';
    db.flows[0]!.publish = true;
    const { user } = renderEditor();
    await title();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move step 1 up' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  });
});
