import type { ApiError } from '@/api/http';

export interface FieldMessage<F extends string> {
  field: F;
  message: string;
}

interface ErrorDetail {
  path: string;
  message: string;
}

const detailsOf = (data: unknown): ErrorDetail[] => {
  if (!data || typeof data !== 'object' || !('details' in data)) return [];
  const details = (data as { details?: unknown }).details;
  return Array.isArray(details)
    ? details.filter(
        (d): d is ErrorDetail =>
          typeof d === 'object' &&
          d !== null &&
          typeof (d as ErrorDetail).path === 'string' &&
          typeof (d as ErrorDetail).message === 'string',
      )
    : [];
};

/**
 * Which form fields a server error belongs to: its `details` by path, and a 409 `field_taken`
 * on the field-name field even when the server sent no details. Empty: show it above the form.
 */
export function serverFieldErrors<F extends string>(
  error: ApiError,
  fields: readonly F[],
  fieldNameField: F,
): FieldMessage<F>[] {
  const out: FieldMessage<F>[] = [];
  for (const d of detailsOf(error.data)) {
    const field = fields.find((f) => f === d.path);
    if (field && !out.some((m) => m.field === field)) out.push({ field, message: d.message });
  }
  if (error.code === 'field_taken' && !out.some((m) => m.field === fieldNameField))
    out.push({ field: fieldNameField, message: error.message });
  return out;
}
