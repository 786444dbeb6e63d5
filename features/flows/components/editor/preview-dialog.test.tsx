import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PreviewDialog } from './preview-dialog';
import { aButton, aStep } from '@/tests/fixtures/flows';

const tourHost = () => document.querySelector<HTMLElement>('[data-signpost-tour]');

describe('PreviewDialog', () => {
  it('plays the tour inside its stage, never over the toolbar', () => {
    render(
      <PreviewDialog
        steps={[aStep({ id: 'a', type: 'modal', content: '<p>About a</p>' })]}
        onClose={() => {}}
      />,
    );
    const preview = screen.getByRole('dialog', { name: 'Preview' });
    const stage = tourHost()!.parentElement!;
    expect(preview.contains(stage)).toBe(true);
    expect(stage.contains(screen.getByRole('button', { name: 'Restart' }))).toBe(false);
    expect(stage.contains(screen.getByRole('button', { name: 'Close preview' }))).toBe(false);
    // Confined: the renderer lays the steps out in the stage's box, not the window's.
    expect(tourHost()!.style.getPropertyValue('position')).toBe('absolute');
  });

  it('Esc ends a non-modal tour from anywhere in the preview, then closes the preview', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <PreviewDialog
        steps={[aStep({ id: 'a', type: 'banner', content: '<p>About a</p>' })]}
        onClose={onClose}
      />,
    );
    await user.click(screen.getByText('Preview')); // focus is on the preview, not in the tour
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Tour ended (dismissed).')).toBeInTheDocument();
    expect(tourHost()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Esc on a modal step ends the tour only; the next Esc closes the preview', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <PreviewDialog
        steps={[
          aStep({ id: 'a', type: 'modal', content: '<p>About a</p>' }),
          aStep({ id: 'b', type: 'modal', content: '<p>About b</p>' }),
        ]}
        onClose={onClose}
      />,
    );
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Tour ended (dismissed).')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names a dismiss on the last step as the report counts it: completed', async () => {
    const user = userEvent.setup();
    const done = {
      ...aStep({ id: 'b', type: 'modal', content: '<p>About b</p>' }),
      buttons: [aButton({ id: 'b1', label: 'Done', actions: [{ type: 'dismiss' }] })],
    };
    render(<PreviewDialog steps={[done]} onClose={() => {}} />);
    const tour = tourHost()!.shadowRoot!;
    await user.click(
      Array.from(tour.querySelectorAll('button')).find((b) => b.textContent === 'Done')!,
    );
    expect(await screen.findByText('Tour ended (completed).')).toBeInTheDocument();
  });
});
