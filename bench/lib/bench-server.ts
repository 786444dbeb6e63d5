/**
 * A production server of the benches on a temp data directory (PGlite and DuckDB in it), listening
 * on a free loopback port, with the accounts they need: signed up, verified through the outbox and
 * signed in, each with one product (a free plan has one).
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { createProduct, poster, signedInAccount } from './segments-seed';

export interface BenchAccount {
  token: string;
  brandId: number;
}

/** Opens the server on `name`'s temp dir, makes the accounts, closes it again for seeding. */
export async function benchServer(name: string, accounts: { email: string; product: string }[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `signpost-bench-${name}-`));
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  // No background count after a segment's save: it would run beside what is measured.
  const options = { env, database, realtime: false, segmentCounts: false };
  /** Starts the app and answers it with its API base address. */
  const start = async () => {
    const app = await buildApp(options);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1` };
  };
  const { app, base } = await start();
  const latestLink = async () => (await app.ctx.outbox.latest())[0]?.links[0] as string;
  const made: BenchAccount[] = [];
  for (const a of accounts) {
    const token = await signedInAccount(poster(base), latestLink, a.email);
    made.push({ token, brandId: await createProduct(poster(base), token, a.product) });
  }
  await app.close();
  return { dir, database, options, accounts: made, start };
}
