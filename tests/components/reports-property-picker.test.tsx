import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CreateReportView } from '@/features/reports/components/builder/report-builder-view';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { db, type MockBrand } from '../mocks/db';
import { createEvent, createTrackedEvent } from '../mocks/events.handlers';
import { addMetadataAttribute } from '../mocks/profiles.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

/**
 * The breakdown and filter fields of the report builder are pickers (docs/reports.md, "Builder"):
 * the event's properties seen with their types, the customer attributes grouped as the flow
 * editor groups them, and typing a key not seen yet.
 */

let brand: MockBrand;
beforeEach(() => {
  setRoute('/reports/create');
  const { user } = signInAs();
  brand = addBrand(user, 'Shop');
  createEvent(brand.id, { code: 'checkout', name: 'checkout' });
  createTrackedEvent(brand.id, { event: 'checkout', properties: { total: 12, coupon: true } });
  createTrackedEvent(brand.id, { event: 'checkout', properties: { total: 3, plan: 'pro' } });
  addMetadataAttribute(brand.id, { custom_field_name: 'tier', name: 'Tier', data_type: 'string' });
  useBrandStore.getState().setBrandId(brand.id);
});
afterEach(() => useBrandStore.getState().setBrandId(null));

async function start() {
  const view = renderWithProviders(<CreateReportView />);
  await screen.findByRole('form', { name: 'Create report' });
  await view.user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Checkouts');
  await view.user.click(screen.getByRole('combobox', { name: /^Event/ }));
  await view.user.click(
    await within(await screen.findByRole('listbox')).findByRole('option', { name: 'checkout' }),
  );
  return view;
}

describe('report property pickers', () => {
  it('breaks down by a built-in attribute picked from the grouped list', async () => {
    const { user } = await start();
    const field = screen.getByRole('combobox', { name: 'Property' });
    await user.click(field);
    const list = await screen.findByRole('listbox', { name: 'Property' });
    // The event's properties seen, each with its type, then the attributes as the flow editor
    // groups them.
    const seen = await within(list).findByRole('group', { name: 'Event properties' });
    expect(within(seen).getByRole('option', { name: 'total (Number)' })).toBeInTheDocument();
    expect(within(seen).getByRole('option', { name: 'coupon (Boolean)' })).toBeInTheDocument();
    expect(within(seen).getByRole('option', { name: 'plan (Text)' })).toBeInTheDocument();
    const attributes = await within(list).findByRole('group', { name: 'ATTRIBUTE' });
    await user.click(within(attributes).getByRole('option', { name: 'Country (Text)' }));

    expect(screen.getByRole('combobox', { name: 'Attribute' })).toHaveValue('country');
    expect(screen.getByText('Customer attribute · Text')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    expect(db.reports[0]!.query).toMatchObject({
      breakdown: { property: 'country', source: 'profile' },
    });
  });

  it("reads a metadata attribute from the customer's metadata", async () => {
    const { user } = await start();
    await user.type(screen.getByRole('combobox', { name: 'Property' }), 'ti');
    const metadata = await screen.findByRole('group', { name: 'METADATA' });
    await user.click(within(metadata).getByRole('option', { name: 'Tier (Text)' }));
    expect(screen.getByText('Customer metadata · Text')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    expect(db.reports[0]!.query).toMatchObject({
      breakdown: { property: 'tier', source: 'metadata' },
    });
  });

  it('a key typed in full is the option it names', async () => {
    const { user } = await start();
    await user.type(screen.getByRole('combobox', { name: 'Property' }), 'browser');
    expect(await screen.findByText('Customer attribute · Text')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Break down by' })).toHaveValue('profile');
  });

  it('takes a key not seen yet, and says so under the field', async () => {
    const { user } = await start();
    await user.type(screen.getByRole('combobox', { name: 'Property' }), 'utm_source');
    expect(
      await screen.findByText(MESSAGES.reports.unknownProperty('utm_source')),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    expect(db.reports[0]!.query).toMatchObject({
      breakdown: { property: 'utm_source', source: 'event' },
    });
  });

  it("a filter's picker sets the property's type and where it is read", async () => {
    const { user } = await start();
    await user.click(screen.getByRole('button', { name: 'Add a filter to Series 1' }));
    const filters = screen.getAllByRole('combobox', { name: 'Property' });
    // The breakdown's field comes after the series' filters.
    await user.click(filters[0]!);
    await user.click(await screen.findByRole('option', { name: 'total (Number)' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('number');

    await user.clear(filters[0]!);
    await user.type(filters[0]!, 'brow');
    await user.click(await screen.findByRole('option', { name: 'Browser (Text)' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('string');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Operator' }), 'exact');
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'Firefox');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(db.reports).toHaveLength(1));
    expect(db.reports[0]!.query).toMatchObject({
      series: [
        {
          event: 'checkout',
          filters: [
            {
              property: 'browser',
              source: 'profile',
              type: 'string',
              operator: 'exact',
              value: 'Firefox',
            },
          ],
        },
      ],
    });
  });
});
