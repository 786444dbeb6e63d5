import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { BrandSwitcher } from '@/features/brands/components/brand-switcher';
import { BrandsView } from '@/features/brands/components/brands-view';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

const card = (name: string) => screen.getByRole('listitem', { name });
const switcher = () => screen.getByRole('button', { name: /^Current product/ });

describe('BrandsView', () => {
  beforeEach(() => {
    setRoute('/brands');
  });

  it('goes from the empty state to a created product with its write key', async () => {
    signInAs();
    const { user } = renderWithProviders(<BrandsView />);

    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add product' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Demo shop');
    await user.type(
      within(dialog).getByLabelText('Website domain'),
      'https://Shop.Example.com/landing',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const created = card('Demo shop');
    expect(within(created).getByText(/shop\.example\.com/)).toBeInTheDocument();
    const key = db.brands[0].write_key;
    expect(within(created).getByTestId('write-key')).toHaveTextContent(key);
    expect(key).toMatch(/^wk_[a-z0-9]{24}$/);
    expect(await screen.findByText(MESSAGES.brands.created)).toBeInTheDocument();
    // The first product becomes the current one.
    expect(localStorage.getItem('brand_id')).toBe(String(db.brands[0].id));
  });

  it('validates the dialog fields with the brand contract', async () => {
    signInAs();
    const { user } = renderWithProviders(<BrandsView />);
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    await user.type(within(dialog).getByLabelText('Website domain'), 'not a domain');
    await user.click(within(dialog).getByRole('button', { name: 'Create product' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.field.domain)).toBeInTheDocument();
    expect(db.brands).toHaveLength(0);
  });

  it('shows the plan limit with an upgrade link instead of creating', async () => {
    const { user: account } = signInAs({ plan: 'free' });
    addBrand(account, 'First');
    const { user } = renderWithProviders(<BrandsView />);
    await screen.findByRole('listitem', { name: 'First' });

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    await user.type(within(dialog).getByLabelText('Name'), 'Second');
    await user.type(within(dialog).getByLabelText('Website domain'), 'second.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create product' }));

    expect(
      await within(dialog).findByText(MESSAGES.brands.limitReached(1), { exact: false }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/profile/plans',
    );
    expect(db.brands).toHaveLength(1);
  });

  it('deletes only after confirmation and then falls back to the remaining product', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    const first = addBrand(account, 'Alpha');
    const second = addBrand(account, 'Beta');
    useBrandStore.getState().setBrandId(second.id);
    const { user } = renderWithProviders(
      <>
        <BrandSwitcher />
        <BrandsView />
      </>,
    );
    await screen.findByRole('listitem', { name: 'Beta' });
    expect(switcher()).toHaveAccessibleName('Current product Beta');

    await user.click(within(card('Beta')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete product' });
    expect(dialog).toHaveTextContent('Delete "Beta"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.brands).toHaveLength(2);

    await user.click(within(card('Beta')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete product' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Beta' })).not.toBeInTheDocument(),
    );
    expect(db.brands.map((b) => b.name)).toEqual(['Alpha']);
    await waitFor(() => expect(switcher()).toHaveAccessibleName('Current product Alpha'));
    expect(localStorage.getItem('brand_id')).toBe(String(first.id));
  });

  it('switches the current product from the sidebar picker', async () => {
    const { user: account } = signInAs({ plan: 'growth' });
    addBrand(account, 'Alpha');
    const beta = addBrand(account, 'Beta');
    const { user } = renderWithProviders(<BrandSwitcher />);
    await waitFor(() => expect(switcher()).toHaveAccessibleName('Current product Alpha'));

    await user.click(switcher());
    await user.click(await screen.findByRole('menuitemradio', { name: 'Beta' }));
    expect(switcher()).toHaveAccessibleName('Current product Beta');
    expect(localStorage.getItem('brand_id')).toBe(String(beta.id));
  });

  it('renames a product in the edit dialog', async () => {
    const { user: account } = signInAs();
    addBrand(account, 'Old name');
    const { user } = renderWithProviders(<BrandsView />);
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Old name' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Old name');
    await user.clear(name);
    await user.type(name, 'New name');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('listitem', { name: 'New name' })).toBeInTheDocument();
    expect(db.brands[0].name).toBe('New name');
  });

  it("sets the product's time zone, refusing a name that is no zone", async () => {
    const { user: account } = signInAs();
    addBrand(account, 'Shop');
    const { user } = renderWithProviders(<BrandsView />);
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Shop' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    const zone = within(dialog).getByLabelText('Time zone');
    expect(zone).toHaveValue('UTC');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(MESSAGES.brands.timeZone)).toBeInTheDocument();
    expect(db.brands[0].time_zone).toBe('UTC');

    await user.clear(zone);
    await user.type(zone, 'Europe/Paris');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.brands[0].time_zone).toBe('Europe/Paris');
  });

  it('rotates the write key after confirmation and copies it', async () => {
    const { user: account } = signInAs();
    const brand = addBrand(account, 'Shop');
    const oldKey = brand.write_key;
    const { user } = renderWithProviders(<BrandsView />);
    const row = await screen.findByRole('listitem', { name: 'Shop' });

    await user.click(within(row).getByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate write key' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    await waitFor(() =>
      expect(within(card('Shop')).getByTestId('write-key')).not.toHaveTextContent(oldKey),
    );
    const newKey = db.brands[0].write_key;
    expect(within(card('Shop')).getByTestId('write-key')).toHaveTextContent(newKey);

    await user.click(within(card('Shop')).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(newKey);
    expect(await screen.findByText(MESSAGES.brands.copied)).toBeInTheDocument();
  });
});
