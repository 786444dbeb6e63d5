/**
 * One worker node as a process of its own, for tests/server/jobs-nodes.test.ts: the real app
 * (buildApp) with the environment it is given (ROLE=worker, DATABASE_URL, REDIS_URL, JOB_*), plus
 * a test job kind that POSTs its payload to a receiver, the way a webhook delivery would. Prints
 * one line `ready <node>` once it claims jobs.
 */
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { loadEnv } from '../../server/env';

async function main() {
  const env = loadEnv({ ...process.env, NODE_ENV: 'test' });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const app = await buildApp({ env, database, realtime: false });
  const { jobs } = app.ctx;
  jobs.register<{ url: string }>('test.deliver', async (job) => {
    const res = await fetch(job.payload.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-node': jobs.node },
      body: JSON.stringify({ job: job.id, attempt: job.attempt }),
    });
    if (!res.ok) throw new Error(`receiver answered ${res.status}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  jobs.start();
  process.stdout.write(`ready ${jobs.node}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
