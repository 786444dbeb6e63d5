import { z } from 'zod';
import { brandIdField } from './common';

/**
 * The data export (docs/data-export.md): GET /v1/export/events and GET /v1/export/profiles stream
 * every row of a product, with the same query parameters on both routes. Every row carries a
 * `cursor`; passing the cursor of the last row received resumes right after it. `parquet` is a
 * typed columnar file built once the rows are read (docs/data-export.md, "Parquet").
 */

export const EXPORT_FORMATS = ['ndjson', 'csv', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** "ndjson, csv or parquet": the formats as a refusal names them. */
const formatList = `${EXPORT_FORMATS.slice(0, -1).join(', ')} or ${EXPORT_FORMATS.at(-1)}`;

/** The fields of an exported event (besides `cursor`), in file order. */
export const EVENT_EXPORT_FIELDS = [
  'message_id',
  'type',
  'event',
  'user_id',
  'anonymous_id',
  'customer_key',
  'timestamp',
  'received_at',
  'properties',
  'context',
  'url',
  'path',
  'referrer',
  'browser',
  'os',
  'device',
  'country',
] as const;
export type EventExportField = (typeof EVENT_EXPORT_FIELDS)[number];

/** The fields of an exported customer profile (besides `cursor`), in file order. */
export const PROFILE_EXPORT_FIELDS = [
  'id',
  'customer_key',
  'anonymous_ids',
  'email',
  'name',
  'first_seen',
  'last_seen',
  'data_attributes',
  'metadata',
] as const;
export type ProfileExportField = (typeof PROFILE_EXPORT_FIELDS)[number];

/** An ISO 8601 date or date-time, as a Date. */
const instant = (name: string) =>
  z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), {
      error: `${name} must be a date such as 2026-01-31 or 2026-01-31T12:00:00Z`,
    })
    .transform((s) => new Date(s));

/** `fields=a,b,c`: each one of `allowed`, none twice; absent = every field. */
const fieldList = <F extends string>(allowed: readonly F[]) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .superRefine((fields, ctx) => {
      const unknown = fields.find((f) => !(allowed as readonly string[]).includes(f));
      if (unknown !== undefined)
        ctx.addIssue({
          code: 'custom',
          message: `fields: ${unknown} is not a field of this export; choose from ${allowed.join(', ')}`,
        });
      else if (fields.length === 0)
        ctx.addIssue({ code: 'custom', message: 'fields must name at least one field' });
      else if (new Set(fields).size !== fields.length)
        ctx.addIssue({ code: 'custom', message: 'fields must not name a field twice' });
    })
    .transform((fields) => fields as F[]);

const exportQuery = <F extends string>(fields: readonly F[]) =>
  z
    .object({
      /** The product; with the product's server key it may be left out (docs/data-export.md). */
      brand_id: brandIdField.optional(),
      format: z.enum(EXPORT_FORMATS, { error: `format must be ${formatList}` }).default('ndjson'),
      /** The `cursor` of the last row already received. */
      cursor: z
        .string()
        .max(400, { error: 'cursor is not one this export gave' })
        .regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor is not one this export gave' })
        .optional(),
      fields: fieldList(fields).optional(),
      /** Events at or after this time (default: the first). */
      from: instant('from').optional(),
      /** Events before this time (default: when the export started). */
      to: instant('to').optional(),
    })
    .refine((q) => !q.from || !q.to || q.from < q.to, {
      error: 'from must be before to',
      path: ['to'],
    });

export const eventExportQuerySchema = exportQuery(EVENT_EXPORT_FIELDS);
export const profileExportQuerySchema = exportQuery(PROFILE_EXPORT_FIELDS);
export type EventExportQuery = z.infer<typeof eventExportQuerySchema>;
export type ProfileExportQuery = z.infer<typeof profileExportQuerySchema>;
