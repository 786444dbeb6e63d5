import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { BrandsView } from '@/features/brands/components/brands-view';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

describe('Sources on the product card', () => {
  beforeEach(() => {
    setRoute('/brands');
  });

  it('saves allowed origins and signed identities, refusing an entry that is not an origin', async () => {
    const { user: account } = signInAs();
    addBrand(account, 'Shop', 'shop.example.com');
    const { user } = renderWithProviders(<BrandsView />);
    const card = await screen.findByRole('listitem', { name: 'Shop' });
    await user.click(within(card).getByText('Sources'));

    const origins = await within(card).findByLabelText('Allowed origins');
    expect(within(card).getByText(/Always allowed: shop\.example\.com/)).toBeInTheDocument();
    await user.type(origins, 'https://partner.example{enter}not an origin');
    await user.click(within(card).getByRole('button', { name: 'Save sources' }));
    expect(
      await within(card).findByText(MESSAGES.brands.badOrigin('not an origin')),
    ).toBeInTheDocument();

    await user.clear(origins);
    await user.type(origins, 'HTTPS://Partner.example/');
    await user.click(within(card).getByRole('checkbox', { name: /Require signed identities/ }));
    await user.click(within(card).getByRole('button', { name: 'Save sources' }));
    expect(await screen.findByText('Sources saved.')).toBeInTheDocument();
    await waitFor(() => expect(origins).toHaveValue('https://partner.example'));
    expect(within(card).getByRole('checkbox', { name: /Require signed identities/ })).toBeChecked();
  });

  it('creates a server key shown once, and rotates the identity secret after asking', async () => {
    const { user: account } = signInAs();
    addBrand(account, 'Shop', 'shop.example.com');
    const { user } = renderWithProviders(<BrandsView />);
    const card = await screen.findByRole('listitem', { name: 'Shop' });
    await user.click(within(card).getByText('Sources'));

    expect(await within(card).findByTestId('server-key-hint')).toHaveTextContent('No server key');
    await user.click(within(card).getByRole('button', { name: 'Create server key' }));
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
      expect(within(card).getByTestId('server-key-hint')).toHaveTextContent(`sk_…${key.slice(-4)}`),
    );
    // The full key is not on the page any more.
    expect(screen.queryByText(key)).toBeNull();

    const secretBefore = within(card).getAllByTestId('write-key').at(-1)?.textContent;
    await user.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate identity secret' })).getByRole(
        'button',
        { name: 'Rotate secret' },
      ),
    );
    expect(await screen.findByText('Identity secret rotated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getAllByTestId('write-key').at(-1)?.textContent).not.toBe(secretBefore),
    );
  });
});
