import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_EVENT_FILTERS } from '@/lib/contracts/brand-settings';
import { MESSAGES } from '@/lib/messages';
import SettingsPage from '@/pages/settings';
import { BrandsView } from '@/features/brands/components/brands-view';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { server } from '../mocks/node';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signedInWithBrand, signInAs } from './test-utils';

/** /settings (docs/settings.md): General, Tracking (IP capture), Filters, Theme. */
async function renderSettings() {
  const brand = signedInWithBrand();
  const view = renderWithProviders(<SettingsPage />);
  await screen.findByRole('heading', { name: 'Settings' });
  return { ...view, brand };
}

beforeEach(() => setRoute('/settings'));

describe('Settings page', () => {
  it('links every section from a navigation list', async () => {
    await renderSettings();
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['General', '#general'],
      ['Tracking', '#tracking'],
      ['Filters', '#filters'],
      ['Data', '#data'],
      ['Webhooks', '#webhooks'],
      ['Theme', '#theme'],
      ['Danger zone', '#danger'],
    ]);
    for (const name of [
      'General',
      'Tracking',
      'Filters',
      'Data',
      'Webhooks',
      'Theme',
      'Danger zone',
    ])
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    // The theme editor is the Theme section.
    expect(await screen.findByRole('form', { name: 'Theme' })).toBeInTheDocument();
  });

  it('opens on the section named in the address', async () => {
    window.history.replaceState(null, '', '/settings#filters');
    const scrolled: string[] = [];
    const scroll = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scroll;
    try {
      await renderSettings();
      await waitFor(() => expect(scrolled).toEqual(['filters']));
    } finally {
      window.history.replaceState(null, '', '/');
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows the no-product state when there is no product', async () => {
    signInAs();
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByText('No tracked product')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Settings sections' })).toBeNull();
  });

  it('saves General with a toast, and shows a field error under its field', async () => {
    const { user, brand } = await renderSettings();
    const general = screen.getByRole('region', { name: 'General' });
    const name = await within(general).findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Shop');
    expect(within(general).getByRole('combobox', { name: 'Report time zone' })).toHaveValue('UTC');

    await user.clear(name);
    await user.click(within(general).getByRole('button', { name: 'Save general settings' }));
    expect(await within(general).findByText(MESSAGES.field.required('Name'))).toBeInTheDocument();

    await user.type(name, 'Shop EU');
    await user.selectOptions(
      within(general).getByRole('combobox', { name: 'Report time zone' }),
      'Europe/Paris',
    );
    await user.click(within(general).getByRole('button', { name: 'Save general settings' }));
    expect(await screen.findByText(MESSAGES.settings.generalSaved)).toBeInTheDocument();
    const saved = db.brands.find((b) => b.id === brand.id)!;
    expect(saved).toMatchObject({ name: 'Shop EU', time_zone: 'Europe/Paris' });
  });

  it('deletes the product after the name is typed, shows when, and cancels', async () => {
    const { user, brand } = await renderSettings();
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    const typed = await within(danger).findByRole('textbox', {
      name: 'Type the product’s name to confirm',
    });
    const remove = within(danger).getByRole('button', { name: 'Delete product' });
    expect(remove).toBeDisabled();
    await user.type(typed, 'Shopp');
    await user.click(remove);
    expect(
      await within(danger).findByText(MESSAGES.productDeletion.nameMismatch('Shop')),
    ).toBeInTheDocument();
    await user.clear(typed);
    await user.type(typed, 'Shop');
    await user.click(remove);
    const pending = await within(danger).findByRole('status');
    expect(pending).toHaveTextContent(/will be deleted on/);
    const due = Date.parse(
      (db.brands.find((b) => b.id === brand.id) as { deletion?: { due_at: string } }).deletion!
        .due_at,
    );
    expect(due - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await user.click(within(danger).getByRole('button', { name: 'Cancel deletion' }));
    expect(await screen.findByText(MESSAGES.productDeletion.cancelled)).toBeInTheDocument();
    expect(await within(danger).findByRole('button', { name: 'Delete product' })).toBeDisabled();
  });

  it('offers the exports of events and customers as downloads', async () => {
    const { brand } = await renderSettings();
    const data = screen.getByRole('region', { name: 'Data' });
    const events = within(data).getByRole('link', { name: 'Export events (CSV)' });
    expect(events.getAttribute('href')).toBe(`/v1/export/events?brand_id=${brand.id}&format=csv`);
    expect(events).toHaveAttribute('download', `events-${brand.id}.csv`);
    const customers = within(data).getByRole('link', { name: 'Export customers (CSV)' });
    expect(customers.getAttribute('href')).toBe(
      `/v1/export/profiles?brand_id=${brand.id}&format=csv`,
    );
  });

  it('offers the same exports as Parquet files', async () => {
    const { brand } = await renderSettings();
    const data = screen.getByRole('region', { name: 'Data' });
    const events = within(data).getByRole('link', { name: 'Export events (Parquet)' });
    expect(events.getAttribute('href')).toBe(
      `/v1/export/events?brand_id=${brand.id}&format=parquet`,
    );
    expect(events).toHaveAttribute('download', `events-${brand.id}.parquet`);
    const customers = within(data).getByRole('link', { name: 'Export customers (Parquet)' });
    expect(customers.getAttribute('href')).toBe(
      `/v1/export/profiles?brand_id=${brand.id}&format=parquet`,
    );
    expect(customers).toHaveAttribute('download', `customers-${brand.id}.parquet`);
  });

  it('saves IP capture and starts from the saved mode', async () => {
    const { user, brand } = await renderSettings();
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    const off = await within(tracking).findByRole('radio', { name: /Off/ });
    expect(off).toBeChecked();
    await user.click(within(tracking).getByRole('radio', { name: /Anonymised/ }));
    await user.click(within(tracking).getByRole('button', { name: 'Save IP capture' }));
    expect(await screen.findByText(MESSAGES.settings.ipCaptureSaved)).toBeInTheDocument();
    expect(db.brands.find((b) => b.id === brand.id)).toMatchObject({ ip_capture: 'anonymised' });
  });

  it('adds, validates, saves and removes filters', async () => {
    const { user, brand } = await renderSettings();
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(await within(filters).findByText(/No filters/)).toBeInTheDocument();
    expect(within(filters).getByTestId('filtered-count')).toHaveTextContent(
      '0 events filtered this month.',
    );

    await user.click(within(filters).getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(
      within(filters).getByRole('combobox', { name: 'Kind of filter 1' }),
      'ip',
    );
    await user.type(
      within(filters).getByRole('textbox', { name: 'Value of filter 1' }),
      '10.0.0.0/33',
    );
    await user.click(within(filters).getByRole('button', { name: 'Add filter' }));
    await user.type(
      within(filters).getByRole('textbox', { name: 'Value of filter 2' }),
      'Debug Ping',
    );
    await user.click(within(filters).getByRole('button', { name: 'Save filters' }));
    expect(
      await within(filters).findByText(MESSAGES.settings.badIpRule('10.0.0.0/33')),
    ).toBeInTheDocument();

    const value1 = within(filters).getByRole('textbox', { name: 'Value of filter 1' });
    await user.clear(value1);
    await user.type(value1, '::ffff:192.0.2.7');
    await user.click(within(filters).getByRole('button', { name: 'Save filters' }));
    expect(await screen.findByText(MESSAGES.settings.filtersSaved)).toBeInTheDocument();
    // Saved as the server spells it.
    await waitFor(() =>
      expect(within(filters).getByRole('textbox', { name: 'Value of filter 1' })).toHaveValue(
        '192.0.2.7',
      ),
    );
    expect(db.brands.find((b) => b.id === brand.id)).toMatchObject({
      event_filters: [
        { kind: 'ip', value: '192.0.2.7' },
        { kind: 'event_code', value: 'Debug Ping' },
      ],
    });

    await user.click(within(filters).getByRole('button', { name: 'Remove filter 1' }));
    await user.click(within(filters).getByRole('button', { name: 'Save filters' }));
    await waitFor(() =>
      expect(db.brands.find((b) => b.id === brand.id)).toMatchObject({
        event_filters: [{ kind: 'event_code', value: 'Debug Ping' }],
      }),
    );
    expect(within(filters).getByText(`1 of ${MAX_EVENT_FILTERS} filters`)).toBeInTheDocument();
  });

  it('shows a server refusal of a filter under its row', async () => {
    const { user } = await renderSettings();
    server.use(
      http.put('*/v1/brands/:id/filters', () =>
        HttpResponse.json(
          {
            message: MESSAGES.settings.duplicateFilter,
            status: 400,
            code: 'validation_error',
            details: [{ path: 'rules.0.value', message: MESSAGES.settings.duplicateFilter }],
          },
          { status: 400 },
        ),
      ),
    );
    const filters = screen.getByRole('region', { name: 'Filters' });
    await user.click(await within(filters).findByRole('button', { name: 'Add filter' }));
    await user.type(within(filters).getByRole('textbox', { name: 'Value of filter 1' }), 'X');
    await user.click(within(filters).getByRole('button', { name: 'Save filters' }));
    expect(await within(filters).findAllByText(MESSAGES.settings.duplicateFilter)).not.toHaveLength(
      0,
    );
    expect(within(filters).getByRole('textbox', { name: 'Value of filter 1' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows a retry message when a section fails to load', async () => {
    server.use(
      http.get('*/v1/brands/:id/ip-capture', () =>
        HttpResponse.json(
          { message: 'Boom.', status: 500, code: 'internal_error' },
          { status: 500 },
        ),
      ),
    );
    await renderSettings();
    const tracking = screen.getByRole('region', { name: 'Tracking' });
    expect(await within(tracking).findByText('Boom.')).toBeInTheDocument();
    expect(within(tracking).getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });

  it('links a product card to Settings, making that product the current one', async () => {
    setRoute('/brands');
    const { user: account } = signInAs();
    addBrand(account, 'Shop');
    const blog = addBrand(account, 'Blog');
    const { user } = renderWithProviders(<BrandsView />);
    const link = await screen.findByRole('link', { name: 'Settings of Blog' });
    expect(link).toHaveAttribute('href', '/settings#tracking');
    await user.click(link);
    expect(useBrandStore.getState().brandId).toBe(blog.id);
  });
});
