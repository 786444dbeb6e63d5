/**
 * A production server in a process of its own on a bench's data directory, for measuring what one
 * request costs the server and nothing else: the bench process that seeded the data, ran the
 * engine beside the API and read the answer holds heaps and caches of its own, and its history
 * (what it collected, what its allocator kept) moves a measurement taken inside it by more than
 * the request itself costs.
 *
 * Started by `startServerChild` (bench/lib/server-child-client.ts) and driven over IPC:
 * `ready {port}` once it listens; `start` → `started` begins sampling its memory after a full GC
 * (bench/lib/memory-probe.ts); `stop {got}` → `stopped {result}` ends it; `drain {brandId,
 * definition}` → `drained {result}` measures reading a segment's export slices in process (no HTTP,
 * no CSV); `close` closes the app and the databases and exits.
 */
import type { AddressInfo } from 'node:net';
import type { SegmentDefinition } from '../../lib/contracts/segments';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';
import { createSegmentEngine } from '../../server/modules/segments/engine/members';
import { startProbe } from './memory-probe';

type Message =
  | { type: 'start' }
  | { type: 'stop'; got: { lines: number; bytes: number; ms: number } }
  | { type: 'drain'; brandId: number; definition: SegmentDefinition }
  | { type: 'close' };

async function main() {
  const dir = process.env.BENCH_DATA_DIR;
  if (!dir || !process.send) throw new Error('start it with startServerChild');
  const send = (m: unknown) => process.send!(m);
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: dir });
  // As the bench's own server: no background count beside what is measured.
  const app = await buildApp({ env, database, realtime: false, segmentCounts: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let stop: ReturnType<typeof startProbe> | undefined;
  process.on('message', (m: Message) => {
    void (async () => {
      if (m.type === 'start') {
        stop = startProbe();
        send({ type: 'started' });
      } else if (m.type === 'stop') {
        send({ type: 'stopped', result: stop!(m.got) });
      } else if (m.type === 'drain') {
        const engine = createSegmentEngine({ db: database.db, store: app.ctx.analytics });
        const probe = startProbe();
        const started = performance.now();
        let rows = 0;
        for await (const slice of engine.memberPages(m.brandId, m.definition, () => undefined))
          rows += slice.length;
        const result = probe({ lines: rows + 1, bytes: 0, ms: performance.now() - started });
        send({ type: 'drained', result });
      } else if (m.type === 'close') {
        await app.close();
        await database.close();
        process.disconnect();
      }
    })().catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
