import {
  EVENT_EXPORT_FIELDS,
  PROFILE_EXPORT_FIELDS,
  type EventExportQuery,
  type ExportFormat,
  type ProfileExportQuery,
} from '../../../lib/contracts/data-export';
import { MESSAGES } from '../../../lib/messages';
import { analyticsCaller } from '../../analytics/scheduler';
import type { AnalyticsStore, StoredEvent } from '../../analytics/types';
import { tooManyRequests } from '../../errors';
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
} from './export-rows';

/**
 * The data export (docs/data-export.md): every event or customer profile of a product, streamed a
 * page at a time in keyset order, each page read only when the client has taken the one before
 * (constant memory whatever the size). One export per account runs at a time, EXPORTS_TOTAL in
 * all; past either a new one is refused with a 429 before anything is read. The analytics pages
 * are read through the account's share of the engine, like its reports.
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
  /** The file's text, a page at a time (the CSV header in the first chunk). */
  chunks: AsyncGenerator<string>;
  contentType: string;
  filename: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
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
   * The stream of pages `read` gives until one comes back short: the first page is read before
   * answering (so a refusal or a failure is a JSON error, never a broken file); the slot is given
   * back when the stream ends, fails or is abandoned by its client.
   */
  async function stream<R>(
    ownerId: string,
    format: ExportFormat,
    filename: string,
    header: string,
    pageSize: number,
    read: (last: R | undefined) => Promise<R[]>,
    line: (row: R) => string,
  ): Promise<ExportStream> {
    const release = admit(ownerId);
    // Pages read while the file is sent run outside the request's handler: they keep its
    // account (and its signal, so a client gone stops the reads).
    const caller = analyticsCaller.getStore();
    const inCaller = <T>(fn: () => Promise<T>) => (caller ? analyticsCaller.run(caller, fn) : fn());
    let first: R[];
    try {
      first = await inCaller(() => read(undefined));
    } catch (err) {
      release();
      throw err;
    }
    async function* chunks() {
      try {
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
      } finally {
        release();
      }
    }
    const gen = chunks();
    // A stream abandoned before its first read never enters the generator's `finally`.
    const stop = gen.return.bind(gen);
    gen.return = (value) => {
      release();
      return stop(value);
    };
    return { chunks: gen, contentType: CONTENT_TYPES[format], filename };
  }

  return {
    async events(ownerId: string, q: EventExportQuery): Promise<ExportStream> {
      await deps.access.owned(ownerId, q.brand_id);
      const writer = rowWriter(q.format, q.fields ?? EVENT_EXPORT_FIELDS);
      const from = q.from ?? new Date(0);
      // Without `to`, the export ends at its start: events arriving meanwhile wait for the next.
      const to = q.to ?? now();
      let after: EventPosition | undefined = q.cursor ? readEventCursor(q.cursor) : undefined;
      return stream<StoredEvent>(
        ownerId,
        q.format,
        `events-${q.brand_id}.${q.format}`,
        writer.header,
        eventPage,
        async (last) => {
          if (last) after = { timestamp: last.timestamp, messageId: last.messageId };
          return deps.store.query({
            kind: 'exportEvents',
            brandId: q.brand_id,
            from,
            to,
            after,
            limit: eventPage,
          });
        },
        (e) => eventLine(writer, e),
      );
    },

    async profiles(ownerId: string, q: ProfileExportQuery): Promise<ExportStream> {
      await deps.access.owned(ownerId, q.brand_id);
      const writer = rowWriter(q.format, q.fields ?? PROFILE_EXPORT_FIELDS);
      const start = q.cursor ? readProfileCursor(q.cursor) : 0;
      return stream<ProfileRow>(
        ownerId,
        q.format,
        `customers-${q.brand_id}.${q.format}`,
        writer.header,
        profilePage,
        (last) =>
          deps.repo.profilesAfter(q.brand_id, last?.id ?? start, profilePage, {
            from: q.from,
            to: q.to,
          }),
        (p) => profileLine(writer, p),
      );
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
