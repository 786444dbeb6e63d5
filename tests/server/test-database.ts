import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadChdb } from '@/server/analytics/chdb.executor';
import { MIGRATIONS_DIR, openDatabase, type Database } from '@/server/db/client';

// The databases server tests run on (docs/adr/0005-test-databases.md). Tests import these through
// helpers.ts, which re-exports what they use.

/** PostgreSQL server under test when TEST_DATABASE_URL is set; PGlite in a temp dir otherwise. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Whether the tests that run on both analytics engines also run their ClickHouse (chdb) variant:
 * when chdb is installed (`npm install --no-save chdb`), unless `TEST_SKIP_CHDB=1`. `npm test`
 * sets it for the PostgreSQL pass: the chdb variants test the analytics engine, which does not
 * change with the relational database, and the PGlite pass has run them already.
 */
export async function chdbForTests(): Promise<boolean> {
  if (process.env.TEST_SKIP_CHDB === '1') return false;
  return (await loadChdb()) !== null;
}

/**
 * What a migrated, empty database depends on: the migrations and the PGlite build. A change to
 * either names a new template, so a stale one is never used.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  const pglite = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  if (existsSync(pglite)) hash.update(readFileSync(pglite));
  return hash.digest('hex').slice(0, 12);
}

/**
 * A migrated, empty PGlite data directory, built once per migration set and then copied for each
 * fresh database: copying skips PGlite's initdb and the migrations (most of an app's start).
 * Built aside and renamed into place, so a concurrent run never sees half of one.
 */
async function pgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `signpost-test-template-${templateKey()}`);
  if (existsSync(dir)) return dir;
  const build = mkdtempSync(path.join(os.tmpdir(), 'signpost-test-template-build-'));
  const database = await openDatabase({ dataDir: build });
  await database.close();
  try {
    renameSync(build, dir);
  } catch {
    rmSync(build, { recursive: true, force: true }); // another run placed it first
  }
  return dir;
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The PostgreSQL twin of pgliteTemplate: a migrated database each fresh one is created from. */
async function postgresTemplate(): Promise<string> {
  const name = `signpost_template_${templateKey()}`;
  const found = await withAdmin((a) =>
    a.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
  );
  if (found.rowCount) return name;
  const build = `signpost_template_build_${randomBytes(6).toString('hex')}`;
  await withAdmin((a) => a.query(`CREATE DATABASE ${build}`));
  const database = await openDatabase({ url: databaseUrl(build) });
  await database.close();
  await withAdmin(async (a) => {
    try {
      await a.query(`ALTER DATABASE ${build} RENAME TO ${name}`);
    } catch {
      await a.query(`DROP DATABASE IF EXISTS ${build} WITH (FORCE)`); // another run placed it first
    }
  });
  return name;
}

/**
 * A fresh, migrated, empty database: a new PGlite dir, or a new database on the PostgreSQL
 * server, each copied from a template built once (see pgliteTemplate).
 */
export async function freshDatabaseUrl(): Promise<{
  url?: string;
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signpost-test-'));
  if (!TEST_DATABASE_URL) {
    cpSync(path.join(await pgliteTemplate(), 'pg'), path.join(dataDir, 'pg'), { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const template = await postgresTemplate();
  const name = `signpost_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((a) => a.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrl(name),
    dataDir,
    drop: async () => {
      await withAdmin((a) => a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type FreshDatabase = Awaited<ReturnType<typeof freshDatabaseUrl>>;
export interface OpenedDatabase {
  target: FreshDatabase;
  database: Database;
}

async function openFresh(): Promise<OpenedDatabase> {
  const target = await freshDatabaseUrl();
  try {
    return { target, database: await openDatabase({ url: target.url, dataDir: target.dataDir }) };
  } catch (err) {
    await target.drop();
    throw err;
  }
}

let spare: Promise<OpenedDatabase> | undefined;

/**
 * A fresh database, opened (createTestApp's). On PGlite, opening one takes 1 to 3 s of
 * WebAssembly start (the copy of the template is quick): each call hands out a database opened
 * while the previous test file ran, and starts opening the next one. The files share one
 * process (vitest.config.ts, isolate: false), so the spare carries over from file to file; the
 * last one is dropped with the process and its scratch directory. On PostgreSQL a database from
 * the template is quick to make: no spare.
 */
export async function openFreshDatabase(): Promise<OpenedDatabase> {
  if (TEST_DATABASE_URL) return openFresh();
  const next = spare ?? openFresh();
  spare = next.then(openFresh, openFresh);
  spare.catch(() => undefined); // a failed spare fails the call that takes it
  return next;
}
