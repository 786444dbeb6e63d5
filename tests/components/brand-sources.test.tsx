import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import SettingsPage from '@/pages/settings';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';

/** Trusted sources, in Settings → Tracking (docs/settings.md). */
async function renderTracking() {
  signedInWithBrand();
  const view = renderWithProviders(<SettingsPage />);
  const section = await screen.findByRole('region', { name: 'Tracking' });
  await within(section).findByLabelText('Allowed origins');
  return { ...view, section };
}

describe('Trusted sources in Settings → Tracking', () => {
  beforeEach(() => {
    setRoute('/settings');
  });

  it('saves allowed origins and signed identities, refusing an entry that is not an origin', async () => {
    const { user, section } = await renderTracking();
    const origins = within(section).getByLabelText('Allowed origins');
    expect(within(section).getByText(/Always allowed: shop\.example\.com/)).toBeInTheDocument();
    await user.type(origins, 'https://partner.example{enter}not an origin');
    await user.click(within(section).getByRole('button', { name: 'Save sources' }));
    expect(
      await within(section).findByText(MESSAGES.brands.badOrigin('not an origin')),
    ).toBeInTheDocument();

    await user.clear(origins);
    await user.type(origins, 'HTTPS://Partner.example/');
    await user.click(within(section).getByRole('checkbox', { name: /Require signed identities/ }));
    await user.click(within(section).getByRole('button', { name: 'Save sources' }));
    expect(await screen.findByText('Sources saved.')).toBeInTheDocument();
    await waitFor(() => expect(origins).toHaveValue('https://partner.example'));
    expect(
      within(section).getByRole('checkbox', { name: /Require signed identities/ }),
    ).toBeChecked();
  });

  it('creates a server key shown once, and rotates the identity secret after asking', async () => {
    const { user, section } = await renderTracking();
    expect(await within(section).findByTestId('server-key-hint')).toHaveTextContent(
      'No server key',
    );
    await user.click(within(section).getByRole('button', { name: 'Create server key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'New server key' })).getByRole('button', {
        name: 'Create key',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Your server key' });
    const key = within(shown).getByTestId('write-key').textContent ?? '';
    expect(key).toMatch(/^sk_/);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(within(section).getByTestId('server-key-hint')).toHaveTextContent(
        `sk_…${key.slice(-4)}`,
      ),
    );
    // The full key is not on the page any more.
    expect(screen.queryByText(key)).toBeNull();

    const secretBefore = within(section).getAllByTestId('write-key').at(-1)?.textContent;
    await user.click(within(section).getByRole('button', { name: 'Rotate secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate identity secret' })).getByRole(
        'button',
        { name: 'Rotate secret' },
      ),
    );
    expect(await screen.findByText('Identity secret rotated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getAllByTestId('write-key').at(-1)?.textContent).not.toBe(
        secretBefore,
      ),
    );
  });

  it('rotates the write key after asking', async () => {
    const { user, section } = await renderTracking();
    const before = within(section).getAllByTestId('write-key')[0]!.textContent;
    await user.click(within(section).getByRole('button', { name: 'Rotate key' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate write key' })).getByRole('button', {
        name: 'Rotate key',
      }),
    );
    expect(await screen.findByText(MESSAGES.brands.keyRotated)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getAllByTestId('write-key')[0]!.textContent).not.toBe(before),
    );
  });
});
