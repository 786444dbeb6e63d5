import {
  EVENT_EXPORT_FIELDS,
  PROFILE_EXPORT_FIELDS,
  type EventExportField,
  type EventExportQuery,
  type ExportFormat,
  type ProfileExportField,
  type ProfileExportQuery,
} from '../../../lib/contracts/data-export';
import { MESSAGES } from '../../../lib/messages';
import { analyticsCaller } from '../../analytics/scheduler';
import type { AnalyticsStore, StoredEvent } from '../../analytics/types';
import { AppError, notFound, tooManyRequests } from '../../errors';
import type { BrandAccess } from '../brands/brand-access';
import type { ProfileRow } from '../profiles/profiles.repository';
import type { DataExportRepository } from './data-export.repository';
import {
  eventLine,
  profileLine,
  readEventCursor,
  readProfileCursor,
  rowWriter,
  type EventPosition,
  type RowWriter,
} from './export-rows';
import {
  EVENT_PARQUET_TYPES,
  PARQUET_CONTENT_TYPE,
  PROFILE_PARQUET_TYPES,
  toParquet,
} from './parquet';

/**
 * The data export (docs/data-export.md): every event or customer profile of a product, streamed a
 * page at a time in keyset order, each page read only when the client has taken the one before
 * (constant memory whatever the size). One export per account runs at a time, EXPORTS_TOTAL in
 * all; past either a new one is refused with a 429 before anything is read. The analytics pages
 * are read through the account's share of the engine, like its reports. Parquet is the same NDJSON
 * rows converted to a typed file before the answer starts (parquet.ts), under the same slot. A
 * caller with the product's server key exports that product only.
 */

/** Events per analytics statement. */
export const EXPORT_EVENT_PAGE = 5_000;
/** Profiles per database statement. */
export const EXPORT_PROFILE_PAGE = 1_000;
/** Rows per chunk written to the response. */
export const EXPORT_SLICE = 100;
/** Exports running at once, all accounts together. */
export const EXPORTS_TOTAL = 16;
/** What a refused export is told to wait. */
const RETRY_AFTER_SECONDS = 30;

export interface ExportStream {
  /** The file, a page at a time (the CSV header in the first chunk; Parquet in blocks). */
  chunks: AsyncGenerator<string | Buffer>;
  contentType: string;
  filename: string;
}

/** Who asks: the account, and the product of its server key when it sent one (none: a session). */
export interface ExportCaller {
  ownerId: string;
  keyBrandId?: number;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: PARQUET_CONTENT_TYPE,
};

export function createDataExportService(deps: {
  access: BrandAccess;
  /** The scheduled store (reads of a request run in its account's share). */
  store: Pick<AnalyticsStore, 'query'>;
  repo: DataExportRepository;
  now?: () => Date;
  limits?: { total: number };
  pages?: { events: number; profiles: number };
}) {
  const now = deps.now ?? (() => new Date());
  const total = deps.limits?.total ?? EXPORTS_TOTAL;
  const eventPage = deps.pages?.events ?? EXPORT_EVENT_PAGE;
  const profilePage = deps.pages?.profiles ?? EXPORT_PROFILE_PAGE;
  /** Accounts with an export running (one each: the set is bounded by EXPORTS_TOTAL). */
  const running = new Set<string>();

  function admit(ownerId: string): () => void {
    if (running.has(ownerId)) throw tooManyRequests(MESSAGES.dataExport.busy, RETRY_AFTER_SECONDS);
    if (running.size >= total)
      throw tooManyRequests(MESSAGES.dataExport.serverBusy, RETRY_AFTER_SECONDS);
    running.add(ownerId);
    let open = true;
    return () => {
      if (open) running.delete(ownerId);
      open = false;
    };
  }

  /**
   * The text of the pages `read` gives until one comes back short: the first page is read before
   * answering (so a refusal or a failure is a JSON error, never a broken file).
   */
  async function pages<R>(
    header: string,
    pageSize: number,
    read: (last: R | undefined) => Promise<R[]>,
    line: (row: R) => string,
  ): Promise<AsyncGenerator<string>> {
    // Pages read while the file is sent run outside the request's handler: they keep its
    // account (and its signal, so a client gone stops the reads).
    const caller = analyticsCaller.getStore();
    const inCaller = <T>(fn: () => Promise<T>) => (caller ? analyticsCaller.run(caller, fn) : fn());
    const first = await inCaller(() => read(undefined));
    async function* chunks() {
      let page = first;
      let text = header;
      for (;;) {
        // Slices of EXPORT_SLICE rows: strings past 128 kB would be V8 "large objects", kept
        // until a full collection (docs/performance.md, "Where the export's RSS goes").
        for (let i = 0; i < page.length; i += EXPORT_SLICE) {
          const end = Math.min(page.length, i + EXPORT_SLICE);
          for (let j = i; j < end; j++) text += line(page[j]!);
          yield text;
          text = '';
        }
        if (page.length === 0 && text) yield text;
        if (page.length < pageSize) return;
        const last = page.at(-1);
        page = await inCaller(() => read(last));
      }
    }
    return chunks();
  }

  /** `inner`, calling `end` once when it ends, fails or is abandoned by its client. */
  function guarded<T>(inner: AsyncGenerator<T>, end: () => void): AsyncGenerator<T> {
    let open = true;
    let started = false;
    const close = () => {
      if (open) end();
      open = false;
    };
    async function* chunks() {
      started = true;
      try {
        yield* inner;
      } finally {
        close();
      }
    }
    const gen = chunks();
    // A stream abandoned before its first read never enters the generator's `finally`.
    const stop = gen.return.bind(gen);
    gen.return = (value) => {
      close();
      if (!started) void inner.return(undefined);
      return stop(value);
    };
    return gen;
  }

  /**
   * The export file: the account's slot is taken first and given back when the file ends, fails
   * or is abandoned. Parquet is built whole from the NDJSON rows before answering (parquet.ts).
   */
  async function file<R, F extends string>(
    ownerId: string,
    format: ExportFormat,
    name: string,
    fields: readonly F[],
    types: Record<F, string>,
    pageSize: number,
    read: (last: R | undefined) => Promise<R[]>,
    line: (writer: RowWriter<F>, row: R) => string,
  ): Promise<ExportStream> {
    const release = admit(ownerId);
    try {
      const writer = rowWriter(format === 'parquet' ? 'ndjson' : format, fields);
      const text = await pages(writer.header, pageSize, read, (row) => line(writer, row));
      const filename = `${name}.${format}`;
      if (format !== 'parquet')
        return { chunks: guarded(text, release), contentType: CONTENT_TYPES[format], filename };
      const columns = Object.fromEntries(fields.map((f) => [f, types[f]!]));
      const parquet = await toParquet(text, columns, analyticsCaller.getStore()?.signal);
      const end = () => {
        release();
        void parquet.dispose();
      };
      return { chunks: guarded(parquet.chunks, end), contentType: CONTENT_TYPES.parquet, filename };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** The product exported: the key's own with a server key (another one answers 404). */
  async function product(caller: ExportCaller, brandId: number | undefined): Promise<number> {
    if (caller.keyBrandId !== undefined && brandId !== undefined && brandId !== caller.keyBrandId)
      throw notFound(MESSAGES.brands.notFound);
    const id = brandId ?? caller.keyBrandId;
    if (id === undefined)
      throw new AppError(400, 'validation_error', MESSAGES.dataExport.brandRequired);
    await deps.access.owned(caller.ownerId, id);
    return id;
  }

  return {
    async events(caller: ExportCaller, q: EventExportQuery): Promise<ExportStream> {
      const brandId = await product(caller, q.brand_id);
      const from = q.from ?? new Date(0);
      // Without `to`, the export ends at its start: events arriving meanwhile wait for the next.
      const to = q.to ?? now();
      let after: EventPosition | undefined = q.cursor ? readEventCursor(q.cursor) : undefined;
      return file<StoredEvent, EventExportField>(
        caller.ownerId,
        q.format,
        `events-${brandId}`,
        q.fields ?? EVENT_EXPORT_FIELDS,
        EVENT_PARQUET_TYPES,
        eventPage,
        async (last) => {
          if (last) after = { timestamp: last.timestamp, messageId: last.messageId };
          return deps.store.query({
            kind: 'exportEvents',
            brandId,
            from,
            to,
            after,
            limit: eventPage,
          });
        },
        eventLine,
      );
    },

    async profiles(caller: ExportCaller, q: ProfileExportQuery): Promise<ExportStream> {
      const brandId = await product(caller, q.brand_id);
      const start = q.cursor ? readProfileCursor(q.cursor) : 0;
      return file<ProfileRow, ProfileExportField>(
        caller.ownerId,
        q.format,
        `customers-${brandId}`,
        q.fields ?? PROFILE_EXPORT_FIELDS,
        PROFILE_PARQUET_TYPES,
        profilePage,
        (last) =>
          deps.repo.profilesAfter(brandId, last?.id ?? start, profilePage, {
            from: q.from,
            to: q.to,
          }),
        profileLine,
      );
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
