import { describe, expect, it } from 'vitest';
import type { CustomerProfile } from '@/lib/contracts/customer-profiles';
import { dataAttributeRows, metadataRows } from './profile-attributes';

const profile: CustomerProfile = {
  id: 1,
  brand_id: 1,
  customer_key: 'cus_1',
  anonymous_ids: [],
  email: 'ada@example.com',
  name: null,
  data_attributes: { country: 'GB', company: 'Analytical Engines', logins: 1200 },
  metadata: { plan: 'gold' },
  first_seen: '2026-01-01T00:00:00.000Z',
  last_seen: '2026-02-03T12:00:00.000Z',
};

describe('profile attribute rows', () => {
  it('lists system attributes with N/A, then custom definitions, then other traits', () => {
    const rows = dataAttributeRows(profile, [
      { id: null, field_name: 'email', name: 'Email', data_type: 'string', system: true },
      { id: null, field_name: 'name', name: 'Name', data_type: 'string', system: true },
      { id: null, field_name: 'last_seen', name: 'Last seen', data_type: 'date', system: true },
      { id: null, field_name: 'country', name: 'Country', data_type: 'string', system: true },
      { id: 7, field_name: 'logins', name: 'Logins', data_type: 'number', system: false },
    ]);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Email', 'ada@example.com'],
      ['Name', 'N/A'],
      ['Last seen', '03-02-2026'],
      ['Country', 'GB'],
      ['Logins', '1.2K'],
      ['company', 'Analytical Engines'],
    ]);
  });

  it('falls back to the system list while definitions load', () => {
    const labels = dataAttributeRows(profile).map((r) => r.label);
    expect(labels.slice(0, 3)).toEqual(['Email', 'Name', 'Created at']);
  });

  it('shows each metadata attribute with the value or N/A', () => {
    const base = { brand_id: 1, created_at: '', data_type: 'string' as const };
    expect(
      metadataRows(profile, [
        { ...base, id: 1, custom_field_name: 'plan', name: 'Plan' },
        { ...base, id: 2, custom_field_name: 'seats', name: 'Seats' },
      ]).map((r) => r.value),
    ).toEqual(['gold', 'N/A']);
  });
});
