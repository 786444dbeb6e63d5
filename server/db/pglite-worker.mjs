// The embedded PostgreSQL (PGlite) on its own thread, so its WebAssembly never holds the HTTP
// thread. The other side is server/db/pglite-thread.ts; docs/adr/0013-pglite-worker-thread.md.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const raw = (value) => value;
/**
 * The ORM keeps dates, intervals and numeric arrays as the text PostgreSQL sends and maps them
 * itself; functions cannot cross threads, so its parsers are applied here.
 */
const PARSERS = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.INTERVAL]: raw,
  [types.DATE]: raw,
  1231: raw, // numeric[]
  1115: raw, // timestamp[]
  1185: raw, // timestamptz[]
  1187: raw, // interval[]
  1182: raw, // date[]
};

const port = parentPort;
const db = await PGlite.create(workerData.dataDir);
// On the instance, not per query: PGlite copies a query's own parsers into a new object merged
// with all of its defaults on every call, which cost about 0.2 ms a query
// (docs/adr/0013-pglite-worker-thread.md). After opening, because opening sets the array types'.
Object.assign(db.parsers, PARSERS);
/** @type {Map<number, {client: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void}>} */
const transactions = new Map();

/** An error's message and its PostgreSQL fields (code, detail, constraint…): they decide answers. */
function plain(err) {
  const out = { message: err instanceof Error ? err.message : String(err) };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
        out[key] = value;
    }
  }
  return out;
}

function answer(id, promise) {
  promise.then(
    (value) => port.postMessage({ id, value }),
    (err) => port.postMessage({ id, error: plain(err) }),
  );
}

function result(r) {
  return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
}

function begin(tx) {
  let opened;
  const ready = new Promise((resolve) => (opened = resolve));
  const done = db.transaction(
    (client) =>
      new Promise((resolve, reject) => {
        transactions.set(tx, {
          client,
          end: (commit) => (commit ? resolve() : reject(new Error('rolled back'))),
        });
        opened();
      }),
  );
  // A rollback is asked for; its "rolled back" rejection is the expected end.
  transactions.set(-tx, { done });
  return Promise.race([ready, done]);
}

async function end(tx, commit) {
  const entry = transactions.get(tx);
  const { done } = transactions.get(-tx) ?? {};
  transactions.delete(tx);
  transactions.delete(-tx);
  if (!entry) throw new Error(`no open transaction ${tx}`);
  entry.end(commit);
  try {
    await done;
  } catch (err) {
    if (commit) throw err;
  }
  return null;
}

function client(tx) {
  const target = tx ? transactions.get(tx)?.client : db;
  if (!target) throw new Error(`no open transaction ${tx}`);
  return target;
}

async function handle(m) {
  switch (m.op) {
    case 'query':
      return result(await client(m.tx).query(m.sql, m.params, { rowMode: m.rowMode }));
    case 'exec':
      return (await client(m.tx).exec(m.sql)).map(result);
    case 'begin':
      await begin(m.tx);
      return null;
    case 'end':
      return end(m.tx, m.commit);
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

// Whatever a message asks, its answer is posted back: a thrown error never stops this thread.
port.on('message', (m) => answer(m.id, handle(m)));
port.postMessage({ ready: true });
