import type {
  EventExportField,
  ExportFormat,
  ProfileExportField,
} from '../../../lib/contracts/data-export';
import { MESSAGES } from '../../../lib/messages';
import type { StoredEvent } from '../../analytics/types';
import { AppError } from '../../errors';
import { toProfileDto, type ProfileRow } from '../profiles/profiles.repository';
import { csvCell } from '../reports/report-csv';

/**
 * Rows of the data export as text (docs/data-export.md, "Rows and cursors"): each row is an object
 * of the chosen fields with its `cursor` first, written as one NDJSON line or one CSV line (objects
 * as JSON text in a cell). The cursor of an event is its (timestamp, message id), of a profile its
 * id, encoded as base64url JSON: opaque to clients, checked when it comes back.
 */

export interface EventPosition {
  timestamp: Date;
  messageId: string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const badCursor = () => new AppError(400, 'validation_error', MESSAGES.dataExport.badCursor);

export const eventCursor = (e: EventPosition) =>
  encode({ t: e.timestamp.getTime(), m: e.messageId });

export function readEventCursor(cursor: string): EventPosition {
  const v = decode(cursor) as { t?: unknown; m?: unknown } | undefined;
  if (
    typeof v?.t !== 'number' ||
    !Number.isSafeInteger(v.t) ||
    typeof v.m !== 'string' ||
    v.m.length === 0 ||
    v.m.length > 200
  )
    throw badCursor();
  return { timestamp: new Date(v.t), messageId: v.m };
}

export const profileCursor = (id: number) => encode({ p: id });

export function readProfileCursor(cursor: string): number {
  const v = decode(cursor) as { p?: unknown } | undefined;
  if (typeof v?.p !== 'number' || !Number.isSafeInteger(v.p) || v.p < 0) throw badCursor();
  return v.p;
}

type Cell = string | number | boolean | null | object;

function eventValue(e: StoredEvent, field: EventExportField): Cell {
  switch (field) {
    case 'message_id':
      return e.messageId;
    case 'user_id':
      return e.userId;
    case 'anonymous_id':
      return e.anonymousId;
    case 'customer_key':
      return e.customerKey;
    case 'timestamp':
      return e.timestamp.toISOString();
    case 'received_at':
      return e.receivedAt.toISOString();
    default:
      return e[field];
  }
}

/** Writes rows of `fields` (after `cursor`) in one format; the CSV header comes first. */
export function rowWriter<F extends string>(
  format: Exclude<ExportFormat, 'parquet'>,
  fields: readonly F[],
) {
  const cell = (v: Cell) =>
    csvCell(v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : (v as string | number));
  return {
    header: format === 'csv' ? `${['cursor', ...fields].join(',')}\r\n` : '',
    line(cursor: string, value: (field: F) => Cell): string {
      if (format === 'csv') {
        let out = csvCell(cursor);
        for (const f of fields) out += `,${cell(value(f))}`;
        return `${out}\r\n`;
      }
      const row: Record<string, Cell> = { cursor };
      for (const f of fields) row[f] = value(f);
      return `${JSON.stringify(row)}\n`;
    },
  };
}

export type RowWriter<F extends string> = ReturnType<typeof rowWriter<F>>;

export const eventLine = (w: RowWriter<EventExportField>, e: StoredEvent): string =>
  w.line(eventCursor(e), (f) => eventValue(e, f));

export function profileLine(w: RowWriter<ProfileExportField>, p: ProfileRow): string {
  const dto = toProfileDto(p) as Record<ProfileExportField, Cell>;
  return w.line(profileCursor(p.id), (f) => dto[f] ?? null);
}
