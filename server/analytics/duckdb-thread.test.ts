import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isDataError } from './batcher';
import { DuckDBThreadStore } from './duckdb-thread';
import { plainError, reviveError } from './duckdb-thread-protocol';
import { trackEvent } from './test-events';
import { QueryTimeoutError, type ListShape } from './types';

const open: DuckDBThreadStore[] = [];
async function store() {
  const s = await DuckDBThreadStore.open(':memory:');
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close().catch(() => undefined)));
});

const tail = (brandId: number) => ({ kind: 'tail', brandId, event: 'signup', limit: 10 }) as const;
const AT = '2026-11-01T10:00:00.000Z';
const signup = (messageId: string, extra = {}) =>
  trackEvent(1, messageId, 'signup', AT, { userId: 'u1', ...extra });

describe('DuckDB thread: errors cross with their kind', () => {
  it('a timeout stays a QueryTimeoutError (answered 504), with its limit', () => {
    const back = reviveError(plainError(new QueryTimeoutError(250)));
    expect(back).toBeInstanceOf(QueryTimeoutError);
    expect((back as QueryTimeoutError).ms).toBe(250);
  });

  it('a value error stays a data error; a store error keeps its code and is not one', () => {
    expect(isDataError(reviveError(plainError(new TypeError('bad value'))))).toBe(true);
    expect(isDataError(reviveError(plainError(new RangeError('too far'))))).toBe(true);
    const io = Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    const back = reviveError(plainError(io));
    expect(back.message).toBe('disk full');
    expect((back as Error & { code?: string }).code).toBe('ENOSPC');
    expect(isDataError(back)).toBe(false);
    const sql = Object.assign(new Error('numeric overflow'), { code: '22003' });
    expect(isDataError(reviveError(plainError(sql)))).toBe(true);
  });
});

describe('DuckDB thread store', () => {
  it('keeps the stores of one process apart, and closing one leaves the other answering', async () => {
    const a = await store();
    const b = await store();
    expect(await a.insert([signup('m1')])).toBe(1);
    expect(await b.query(tail(1))).toEqual([]);
    expect((await a.query(tail(1))).map((e) => e.messageId)).toEqual(['m1']);
    await a.close();
    await expect(a.ping()).rejects.toThrow(/closed/);
    await b.ping();
    expect(await b.insert([signup('m1')])).toBe(1);
  });

  it('refuses a row it cannot store before sending it, as a data error', async () => {
    const s = await store();
    const bad = signup('bad', { brandId: 1.5 });
    const err = await s.insert([bad]).catch((e: unknown) => e);
    expect(isDataError(err)).toBe(true);
    await s.ping();
  });

  it('writes a large insert sent in slices as one, and drops all of it when a late slice holds a bad value', async () => {
    const s = await store();
    const rows = Array.from({ length: 450 }, (_, i) => signup(`s${i}`));
    // A repeat across slices is written once, as in one message.
    expect(await s.insert([...rows, signup('s3')])).toBe(450);
    const withBad = Array.from({ length: 450 }, (_, i) =>
      signup(`t${i}`, i === 430 ? { brandId: 1.5 } : {}),
    );
    const err = await s.insert(withBad).catch((e: unknown) => e);
    expect(isDataError(err)).toBe(true);
    // Nothing of the refused insert was written (its first slices had already been sent).
    expect(await s.insert([signup('after')])).toBe(1);
    const count = await s.query({
      kind: 'countsByEvent',
      brandId: 1,
      from: new Date(0),
      to: new Date('2030-01-01T00:00:00.000Z'),
      events: ['signup'],
    });
    expect(count[0]?.count).toBe(451);
  });

  it("a stream stops with its reader's error, and the store keeps answering", async () => {
    const s = await store();
    const rows = Array.from({ length: 5_000 }, (_, i) =>
      trackEvent(1, `e${i}`, 'order', AT, { userId: `c${i}` }),
    );
    expect(await s.insert(rows)).toBe(5_000);
    const shape: ListShape = { kind: 'codeEvents', brandId: 1, events: ['order'], limit: 10_000 };
    let slices = 0;
    await expect(
      s.stream(shape, () => {
        slices++;
        throw new Error('reader gave up');
      }),
    ).rejects.toThrow('reader gave up');
    expect(slices).toBe(1);
    let seen = 0;
    await s.stream(shape, (list) => {
      seen += list.length;
    });
    expect(seen).toBe(5_000);
  });

  it('when the thread stops, every call is refused and the next open starts a new thread', async () => {
    const s = await store();
    await DuckDBThreadStore.stopThread();
    await expect(s.ping()).rejects.toThrow(/analytics thread stopped/);
    await expect(s.insert([signup('x')])).rejects.toThrow(/analytics thread stopped/);
    const next = await store();
    await next.ping();
  });

  /** Runs `lines` in a new process (tsx) and answers what it printed. */
  async function inNewProcess(name: string, lines: string[]) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'signpost-duck-thread-'));
    const script = path.join(dir, `${name}.mts`);
    await writeFile(script, lines.join('\n'));
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { out: out.trim(), code };
  }
  const moduleOf = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

  // Where chrt exists and the kernel grants the batch policy (a sandbox may refuse it; the store
  // then keeps the normal policy, which is right there).
  const chrt = ['/usr/bin/chrt', '/bin/chrt'].find((file) => existsSync(file));
  const batchGranted =
    process.platform === 'linux' &&
    chrt !== undefined &&
    spawnSync(chrt, ['--batch', '0', process.execPath, '-e', ''], { stdio: 'ignore' }).status === 0;
  it.runIf(batchGranted)(
    "runs as background work for Linux's scheduler when asked, and as any thread otherwise",
    async () => {
      // A fresh process: which of its threads are batch after an open, a write and a read.
      const threads = async (background: boolean) => {
        const { out, code } = await inNewProcess('policy', [
          `import { DuckDBThreadStore } from ${moduleOf('./duckdb-thread.ts')};`,
          `import { trackEvent } from ${moduleOf('./test-events.ts')};`,
          `import { batchThreads, threadPolicy } from ${moduleOf('../lib/background-thread.ts')};`,
          `const store = await DuckDBThreadStore.open(':memory:', { background: ${background} });`,
          `await store.insert([trackEvent(1, 'm1', 'signup', '${AT}', { userId: 'u1' })]);`,
          `const rows = await store.query({ kind: 'tail', brandId: 1, event: 'signup', limit: 10 });`,
          `console.log(JSON.stringify({ thread: store.backgroundThread, batch: batchThreads(),`,
          `  main: threadPolicy(process.pid), rows: rows.length }));`,
          `await store.close();`,
        ]);
        expect(code).toBe(0);
        return JSON.parse(out) as { thread: number | null; batch: number[]; main: string };
      };
      const asked = await threads(true);
      expect(asked).toMatchObject({ thread: expect.any(Number), main: 'normal', rows: 1 });
      // That thread alone: not the one answering requests, nor libuv's pool or DuckDB's own.
      expect(asked.batch).toEqual([asked.thread]);

      expect(await threads(false)).toMatchObject({ thread: null, batch: [], main: 'normal' });
    },
  );

  it('an idle open store does not keep its process running', async () => {
    const { out, code } = await inNewProcess('idle', [
      `import { DuckDBThreadStore } from ${moduleOf('./duckdb-thread.ts')};`,
      `const store = await DuckDBThreadStore.open(':memory:');`,
      `await store.ping();`,
      `console.log('open');`,
    ]);
    expect(out).toBe('open');
    expect(code).toBe(0);
  });
});
