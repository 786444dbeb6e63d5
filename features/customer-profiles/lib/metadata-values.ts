import type { DataType } from '@/lib/conditions';
import type { MetadataAttribute } from '@/lib/contracts/customer-profiles';
import type { ProfileMetadataValues } from '@/api/customer-profiles';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** What an edit input shows for a stored metadata value ('' when empty or unreadable). */
export function toInputValue(value: unknown, dataType: DataType): string {
  if (value === undefined || value === null) return '';
  switch (dataType) {
    case 'date':
      return typeof value === 'string' && ISO_DAY.test(value) ? value.slice(0, 10) : '';
    case 'boolean':
      return value === true || value === 'true'
        ? 'true'
        : value === false || value === 'false'
          ? 'false'
          : '';
    case 'number':
      return typeof value === 'number' ||
        (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
        ? String(value)
        : '';
    case 'list':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** The value to store for an edit input: typed by data type; blank clears (null). */
export function fromInputValue(text: string, dataType: DataType): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  switch (dataType) {
    case 'number': {
      const n = Number(trimmed);
      return Number.isFinite(n) ? n : null;
    }
    case 'boolean':
      return trimmed === 'true';
    default:
      return trimmed;
  }
}

/** Input values of every metadata attribute for a profile's stored metadata. */
export function metadataFormValues(
  metadata: Record<string, unknown>,
  attributes: readonly MetadataAttribute[],
): Record<string, string> {
  return Object.fromEntries(
    attributes.map((a) => [
      a.custom_field_name,
      toInputValue(metadata[a.custom_field_name], a.data_type),
    ]),
  );
}

/**
 * The PUT body's metadata: only the fields the user changed, so values the form cannot show
 * (a stored list, say) are not rewritten by saving an untouched field.
 */
export function changedMetadata(
  initial: Record<string, string>,
  current: Record<string, string>,
  attributes: readonly MetadataAttribute[],
): ProfileMetadataValues {
  const out: ProfileMetadataValues = {};
  for (const a of attributes) {
    const key = a.custom_field_name;
    const next = current[key] ?? '';
    if (next.trim() === (initial[key] ?? '').trim()) continue;
    out[key] = fromInputValue(next, a.data_type);
  }
  return out;
}
