/**
 * The bench's side of bench/lib/server-child.ts: starts the server process on a data directory
 * (the bench must have closed its own app and databases on it first: PGlite and DuckDB open a
 * directory in one process at a time), has it measure its own memory while this process reads an
 * export from it, and closes it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { SegmentDefinition } from '../../lib/contracts/segments';
import type { ProbeResult } from './memory-probe';

const CHILD = path.join(path.dirname(new URL(import.meta.url).pathname), 'server-child.ts');

export async function startServerChild(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, BENCH_DATA_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`))),
  );
  exited.catch(() => undefined);
  /** The next message of `type` from the server process (or its unexpected exit). */
  const next = <T>(type: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        const on = (m: { type: string } & T) => {
          if (m.type !== type) return;
          child.off('message', on);
          resolve(m);
        };
        child.on('message', on);
      }),
      exited,
    ]);
  const { port } = await next<{ port: number }>('ready');
  return {
    base: `http://127.0.0.1:${port}/v1`,

    /** The server's memory while this process reads `url` to its end, keeping nothing of it. */
    async measureExport(url: string, token: string): Promise<ProbeResult> {
      child.send({ type: 'start' });
      await next('started');
      const started = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
      let lines = 0;
      let bytes = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        bytes += chunk.byteLength;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      }
      child.send({ type: 'stop', got: { lines, bytes, ms: performance.now() - started } });
      return (await next<{ result: ProbeResult }>('stopped')).result;
    },

    /** The server's memory while it reads a segment's export slices itself (no HTTP, no CSV). */
    async measureDrain(brandId: number, definition: SegmentDefinition): Promise<ProbeResult> {
      child.send({ type: 'drain', brandId, definition });
      return (await next<{ result: ProbeResult }>('drained')).result;
    },

    async close() {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'close' });
      // A handle left open would keep it alive: it has answered everything asked of it.
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(kill);
    },
  };
}
