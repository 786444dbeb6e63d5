import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { EventExportField, ProfileExportField } from '../../../lib/contracts/data-export';
import { MESSAGES } from '../../../lib/messages';
import { AppError } from '../../errors';

/**
 * The export's Parquet files (docs/data-export.md, "Parquet"). A Parquet file is written whole
 * (its schema and row-group offsets come last), so the rows are first written as NDJSON to a
 * file of their own under the OS temporary directory, then converted by a DuckDB instance made
 * for this file alone (in memory, one thread, a small memory limit, reading and writing only in
 * the request's temporary directory), and the Parquet file is streamed from disk. The directory
 * is removed when the answer ends, fails or its client goes away. Every step is asynchronous:
 * the conversion runs on libuv's pool, never on the thread that answers requests.
 */

export const PARQUET_CONTENT_TYPE = 'application/vnd.apache.parquet';

/**
 * Conversions running at once in this process, queued past it: each holds one of libuv's four
 * threads (also used by file reads and the analytics store) and a core until its COPY ends.
 */
const PARQUET_CONVERSIONS_AT_ONCE = 1;
/** DuckDB's memory during a conversion (beyond it, it spills to the request's directory). */
const MEMORY_LIMIT = '64MB';
/** Rows per Parquet row group: what the writer holds in memory before writing one. */
const ROW_GROUP_SIZE = 16_384;

/** The Parquet (DuckDB) type of every column; `cursor` first in every file. */
export const EVENT_PARQUET_TYPES: Record<EventExportField, string> = {
  message_id: 'VARCHAR',
  type: 'VARCHAR',
  event: 'VARCHAR',
  user_id: 'VARCHAR',
  anonymous_id: 'VARCHAR',
  customer_key: 'VARCHAR',
  timestamp: 'TIMESTAMPTZ',
  received_at: 'TIMESTAMPTZ',
  properties: 'JSON',
  context: 'JSON',
  url: 'VARCHAR',
  path: 'VARCHAR',
  referrer: 'VARCHAR',
  browser: 'VARCHAR',
  os: 'VARCHAR',
  device: 'VARCHAR',
  country: 'VARCHAR',
};

export const PROFILE_PARQUET_TYPES: Record<ProfileExportField, string> = {
  id: 'BIGINT',
  customer_key: 'VARCHAR',
  anonymous_ids: 'VARCHAR[]',
  email: 'VARCHAR',
  name: 'VARCHAR',
  first_seen: 'TIMESTAMPTZ',
  last_seen: 'TIMESTAMPTZ',
  data_attributes: 'JSON',
  metadata: 'JSON',
};

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;

const clientGone = () => new AppError(499, 'client_closed', MESSAGES.http.clientClosed);

/** Turns of the conversion slots: a waiter is handed the slot of the conversion that ends. */
let converting = 0;
const waiting: (() => void)[] = [];

async function takeTurn(signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  if (converting < PARQUET_CONVERSIONS_AT_ONCE) {
    converting++;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const go = () => {
      signal?.removeEventListener('abort', gone);
      resolve();
    };
    const gone = () => {
      waiting.splice(waiting.indexOf(go), 1);
      reject(clientGone());
    };
    waiting.push(go);
    signal?.addEventListener('abort', gone, { once: true });
  });
}

function endTurn() {
  const next = waiting.shift();
  if (next) next();
  else converting--;
}

/** COPY of the NDJSON rows at `source` to `target` as Parquet, the columns typed as given. */
async function convert(
  dir: string,
  source: string,
  target: string,
  columns: Record<string, string>,
  signal?: AbortSignal,
) {
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '1',
    memory_limit: MEMORY_LIMIT,
    temp_directory: join(dir, 'spill'),
    // JSON and Parquet are built in: nothing is looked for, installed or loaded.
    extension_directory: join(dir, 'extensions'),
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
  let connection: DuckDBConnection | undefined;
  const stop = () => connection?.interrupt();
  try {
    connection = await instance.connect();
    // The instance reads and writes in the request's directory and nowhere else.
    await connection.run(`SET allowed_directories = [${literal(dir + sep)}]`);
    await connection.run('SET enable_external_access = false');
    const types = Object.entries(columns)
      .map(([name, type]) => `${literal(name)}: ${literal(type)}`)
      .join(', ');
    signal?.throwIfAborted();
    signal?.addEventListener('abort', stop, { once: true });
    await connection.run(
      `COPY (SELECT * FROM read_json(${literal(source)}, format = 'newline_delimited', columns = {${types}}))` +
        ` TO ${literal(target)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`,
    );
  } catch (err) {
    throw signal?.aborted ? clientGone() : err;
  } finally {
    signal?.removeEventListener('abort', stop);
    connection?.closeSync();
    instance.closeSync();
  }
}

interface ParquetFile {
  /** The file, a block at a time; the directory is removed once it ends or fails. */
  chunks: AsyncGenerator<Buffer>;
  /** Removes the directory (a file abandoned before its first block); safe to call twice. */
  dispose: () => Promise<void>;
}

/**
 * The rows of `ndjson` (one object a line, `cursor` and the fields of `columns`) as a Parquet
 * file on disk. Throws, with nothing left behind, when a read fails or `signal` aborts (the
 * client went away: 499).
 */
export async function toParquet(
  ndjson: AsyncIterable<string>,
  columns: Record<string, string>,
  signal?: AbortSignal,
): Promise<ParquetFile> {
  const dir = await mkdtemp(join(tmpdir(), 'signpost-export-'));
  let removed: Promise<void> | undefined;
  const dispose = () => (removed ??= rm(dir, { recursive: true, force: true }));
  const source = join(dir, 'rows.ndjson');
  const target = join(dir, 'rows.parquet');
  try {
    await pipeline(Readable.from(ndjson), createWriteStream(source), { signal });
    await takeTurn(signal);
    try {
      await convert(dir, source, target, { cursor: 'VARCHAR', ...columns }, signal);
    } finally {
      endTurn();
    }
    await rm(source);
  } catch (err) {
    await dispose();
    throw signal?.aborted ? clientGone() : err;
  }
  async function* chunks() {
    try {
      for await (const block of createReadStream(target)) yield block as Buffer;
    } finally {
      await dispose();
    }
  }
  return { chunks: chunks(), dispose };
}
