import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useKeyboardShortcut } from './use-keyboard-shortcut';

function Probe({ onToggle }: { onToggle: () => void }) {
  useKeyboardShortcut({ key: 'b', mod: true }, onToggle);
  return (
    <div>
      <input aria-label="title" />
      <textarea aria-label="notes" />
      <div contentEditable suppressContentEditableWarning data-testid="rich">
        <p data-testid="paragraph">text</p>
      </div>
      <button type="button">plain</button>
    </div>
  );
}

describe('useKeyboardShortcut', () => {
  it('fires from the page but never from inside a field or editable content', () => {
    const onToggle = vi.fn();
    const { getByLabelText, getByTestId, getByRole } = render(<Probe onToggle={onToggle} />);
    fireEvent.keyDown(getByRole('button', { name: 'plain' }), { key: 'b', ctrlKey: true });
    expect(onToggle).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(getByLabelText('title'), { key: 'b', ctrlKey: true });
    fireEvent.keyDown(getByLabelText('notes'), { key: 'b', metaKey: true });
    fireEvent.keyDown(getByTestId('paragraph'), { key: 'b', ctrlKey: true });
    expect(onToggle).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'b', metaKey: true });
    expect(onToggle).toHaveBeenCalledTimes(2);
  });
});
