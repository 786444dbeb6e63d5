import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '@/components/ui/menu';

function setup(radio = false) {
  const picked = vi.fn();
  const user = userEvent.setup();
  render(
    <div>
      <Menu
        radio={radio}
        triggerProps={{ 'aria-label': 'Options' }}
        trigger="Options"
        items={['One', 'Two', 'Three'].map((label, i) => ({
          key: label,
          label,
          checked: i === 1,
          onSelect: () => picked(label),
        }))}
      />
      <button type="button">outside</button>
    </div>,
  );
  return { picked, user, trigger: screen.getByRole('button', { name: 'Options' }) };
}

describe('Menu', () => {
  it('opens on click, chooses an item, closes and gives the focus back', async () => {
    const { picked, user, trigger } = setup();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Two' }));
    expect(picked).toHaveBeenCalledWith('Two');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('works from the keyboard: arrows, Home, End, Enter and Escape', async () => {
    const { picked, user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(picked).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledWith('One');
  });

  it('closes on a press outside; radio menus mark the chosen item', async () => {
    const { user, trigger } = setup(true);
    await user.click(trigger);
    expect(screen.getByRole('menuitemradio', { name: 'Two' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'One' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Space chooses the active item; Tab away closes a menu opened with the mouse; it is named by its trigger', async () => {
    const { picked, user, trigger } = setup();
    await user.click(trigger);
    expect(screen.getByRole('menu', { name: 'Options' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Two' })).toHaveFocus();
    await user.keyboard(' ');
    expect(picked).toHaveBeenCalledWith('Two');
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
