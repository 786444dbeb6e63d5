import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from '@/components/layout/user-avatar';

const user = {
  name: 'Ada',
  email: 'ada@example.com',
  avatar: 'https://www.gravatar.com/avatar/a b.png',
};

describe('UserAvatar', () => {
  it('offers an allow-listed avatar through the optimisation path (url, width, quality 75) at 1x and 2x', () => {
    render(<UserAvatar user={user} />);
    const img = screen.getByTestId('user-avatar');
    const encoded = encodeURIComponent(user.avatar);
    expect(img).toHaveAttribute(
      'srcset',
      `/_next/image?url=${encoded}&w=32&q=75 1x, /_next/image?url=${encoded}&w=64&q=75 2x`,
    );
  });

  it('loads an avatar on any other host directly, never through the optimiser', () => {
    const elsewhere = { ...user, avatar: 'https://cdn.example.com/a.png' };
    render(<UserAvatar user={elsewhere} />);
    const img = screen.getByTestId('user-avatar');
    expect(img).toHaveAttribute('src', elsewhere.avatar);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('falls back to the initial when the image does not load', () => {
    render(<UserAvatar user={user} />);
    fireEvent.error(screen.getByTestId('user-avatar'));
    expect(screen.queryByTestId('user-avatar')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-initial')).toHaveTextContent('A');
  });
});
