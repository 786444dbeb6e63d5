import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/lib/messages';
import { DataAttributesView } from '@/features/customer-profiles/components/data-attributes-view';
import { MetadataAttributesView } from '@/features/customer-profiles/components/metadata-attributes-view';
import { useBrandStore } from '@/stores/brand';
import { db } from '../mocks/db';
import { addDataAttribute, addMetadataAttribute } from '../mocks/profiles.handlers';
import { setRoute } from '../setup/router';
import { addBrand, renderWithProviders, signInAs } from './test-utils';

function setup() {
  const { user } = signInAs();
  const brand = addBrand(user, 'Shop');
  useBrandStore.setState({ brandId: brand.id });
  return brand;
}

const row = (fieldName: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${fieldName}`) }).closest('tr')!;

describe('MetadataAttributesView', () => {
  beforeEach(() => setRoute('/customer-profiles/metadata'));

  it('creates an attribute after the contract rejects bad input', async () => {
    setup();
    const { user } = renderWithProviders(<MetadataAttributesView />);
    await user.click(await screen.findByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add metadata attribute' });

    await user.click(within(dialog).getByRole('button', { name: 'Create attribute' }));
    expect(await within(dialog).findByText('Field name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Field name'), '1plan');
    expect(await within(dialog).findByText(MESSAGES.profiles.fieldName)).toBeInTheDocument();
    expect(db.metadataAttributes).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Field name'));
    await user.type(within(dialog).getByLabelText('Field name'), 'seats');
    await user.type(within(dialog).getByLabelText('Name'), 'Seats');
    await user.selectOptions(within(dialog).getByLabelText('Data type'), 'Number');
    await user.click(within(dialog).getByRole('button', { name: 'Create attribute' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(MESSAGES.profiles.metadataCreated)).toBeInTheDocument();
    expect(within(row('seats')).getByText('Seats')).toBeInTheDocument();
    expect(within(row('seats')).getByText('Number')).toBeInTheDocument();
    expect(db.metadataAttributes[0]).toMatchObject({
      custom_field_name: 'seats',
      name: 'Seats',
      data_type: 'number',
    });
  });

  it("shows the server's 409 message on the field name", async () => {
    const brand = setup();
    addMetadataAttribute(brand.id, {
      custom_field_name: 'plan',
      name: 'Plan',
      data_type: 'string',
    });
    const { user } = renderWithProviders(<MetadataAttributesView />);
    await screen.findByRole('rowheader', { name: 'plan' });

    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add metadata attribute' });
    await user.type(within(dialog).getByLabelText('Field name'), 'plan');
    await user.type(within(dialog).getByLabelText('Name'), 'Plan again');
    await user.click(within(dialog).getByRole('button', { name: 'Create attribute' }));

    expect(await within(dialog).findByText(MESSAGES.profiles.fieldTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Field name')).toHaveAttribute('aria-invalid', 'true');
    expect(db.metadataAttributes).toHaveLength(1);
  });

  it('edits an attribute', async () => {
    const brand = setup();
    addMetadataAttribute(brand.id, {
      custom_field_name: 'plan',
      name: 'Plan',
      data_type: 'string',
    });
    const { user } = renderWithProviders(<MetadataAttributesView />);
    await user.click(await screen.findByRole('button', { name: 'Edit Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit metadata attribute' });
    expect(within(dialog).getByLabelText('Field name')).toHaveValue('plan');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Billing plan');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.profiles.metadataUpdated)).toBeInTheDocument();
    expect(await within(row('plan')).findByText('Billing plan')).toBeInTheDocument();
    expect(db.metadataAttributes[0].name).toBe('Billing plan');
  });

  it('deletes only after confirmation', async () => {
    const brand = setup();
    addMetadataAttribute(brand.id, {
      custom_field_name: 'plan',
      name: 'Plan',
      data_type: 'string',
    });
    const { user } = renderWithProviders(<MetadataAttributesView />);

    await user.click(await screen.findByRole('button', { name: 'Delete Plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete attribute' });
    expect(dialog).toHaveTextContent(MESSAGES.profiles.deleteConfirm('Plan'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.metadataAttributes).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Plan' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete attribute' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.profiles.metadataDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'plan' })).not.toBeInTheDocument(),
    );
    expect(db.metadataAttributes).toHaveLength(0);
  });
});

describe('DataAttributesView', () => {
  beforeEach(() => setRoute('/customer-profiles/data-attributes'));

  it('lists system attributes with a badge and no actions, custom ones with actions', async () => {
    const brand = setup();
    addDataAttribute(brand.id, { field_name: 'company', name: 'Company', data_type: 'string' });
    renderWithProviders(<DataAttributesView />);

    const email = await screen.findByRole('rowheader', { name: 'email System' });
    const emailRow = email.closest('tr')!;
    expect(within(emailRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByText('System')).toHaveLength(8);

    const company = row('company');
    expect(within(company).queryByText('System')).not.toBeInTheDocument();
    expect(within(company).getByRole('button', { name: 'Edit Company' })).toBeInTheDocument();
    expect(within(company).getByRole('button', { name: 'Delete Company' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^(Edit|Delete) / })).toHaveLength(2);
  });

  it('refuses a system field name with the server message and creates a custom one', async () => {
    setup();
    const { user } = renderWithProviders(<DataAttributesView />);
    await screen.findByRole('rowheader', { name: 'email System' });

    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add data attribute' });
    await user.type(within(dialog).getByLabelText('Field name'), 'email');
    await user.type(within(dialog).getByLabelText('Name'), 'Mail');
    await user.click(within(dialog).getByRole('button', { name: 'Create attribute' }));
    expect(await within(dialog).findByText(MESSAGES.profiles.fieldTaken)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Field name'));
    await user.type(within(dialog).getByLabelText('Field name'), 'company_size');
    await user.selectOptions(within(dialog).getByLabelText('Data type'), 'Number');
    await user.click(within(dialog).getByRole('button', { name: 'Create attribute' }));

    expect(await screen.findByText(MESSAGES.profiles.attributeCreated)).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'company_size' })).toBeInTheDocument();
    expect(db.dataAttributes).toHaveLength(1);
  });

  it('deletes a custom attribute after confirmation', async () => {
    const brand = setup();
    addDataAttribute(brand.id, { field_name: 'company', name: 'Company', data_type: 'string' });
    const { user } = renderWithProviders(<DataAttributesView />);
    await user.click(await screen.findByRole('button', { name: 'Delete Company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete attribute' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.profiles.attributeDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'company' })).not.toBeInTheDocument(),
    );
    expect(db.dataAttributes).toHaveLength(0);
  });
});
