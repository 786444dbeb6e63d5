import { describe, expect, it } from 'vitest';
import type { MetadataAttribute } from '@/lib/contracts/customer-profiles';
import {
  changedMetadata,
  fromInputValue,
  metadataFormValues,
  toInputValue,
} from './metadata-values';

const attr = (
  custom_field_name: string,
  data_type: MetadataAttribute['data_type'],
): MetadataAttribute => ({
  id: 1,
  brand_id: 1,
  custom_field_name,
  name: custom_field_name,
  data_type,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('metadata values', () => {
  it('shows stored values in inputs by type', () => {
    expect(toInputValue('2026-02-03T10:00:00.000Z', 'date')).toBe('2026-02-03');
    expect(toInputValue(true, 'boolean')).toBe('true');
    expect(toInputValue(12, 'number')).toBe('12');
    expect(toInputValue('abc', 'number')).toBe('');
    expect(toInputValue(['a', 'b'], 'list')).toBe('a, b');
    expect(toInputValue(null, 'string')).toBe('');
  });

  it('stores typed values and null for blanks', () => {
    expect(fromInputValue('12.5', 'number')).toBe(12.5);
    expect(fromInputValue('false', 'boolean')).toBe(false);
    expect(fromInputValue(' gold ', 'string')).toBe('gold');
    expect(fromInputValue('', 'date')).toBeNull();
  });

  it('sends only the changed fields', () => {
    const attrs = [attr('plan', 'string'), attr('seats', 'number'), attr('tags', 'list')];
    const initial = metadataFormValues({ plan: 'free', tags: ['a'] }, attrs);
    expect(initial).toEqual({ plan: 'free', seats: '', tags: 'a' });
    expect(changedMetadata(initial, { ...initial, seats: '4', plan: '' }, attrs)).toEqual({
      plan: null,
      seats: 4,
    });
  });
});
