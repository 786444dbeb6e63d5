/**
 * The export of bench/segments.bench.ts: the CSV is read by a child process (so the client's
 * buffers are not in the server's memory), chunk by chunk, keeping nothing of it, while this
 * process — the server, with PGlite's and DuckDB's threads — samples its memory every 20 ms: the
 * RSS, and this thread's JavaScript heap. Before and after, a full garbage collection (exposed
 * here with V8's flag) leaves only live memory, so `before` is a clean baseline and `after` what
 * the export left behind.
 */
import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The child: fetches the URL, counts bytes and newlines, prints them as JSON. */
const CLIENT = `
const res = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
let lines = 0, bytes = 0;
for await (const chunk of res.body) {
  bytes += chunk.byteLength;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
}
console.log(JSON.stringify({ status: res.status, lines, bytes }));
`;

interface Memory {
  rss: number;
  heap: number;
}
const memory = (): Memory => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};

export async function exportThroughChild(url: string, token: string) {
  gc();
  const before = memory();
  const peak = { ...before };
  const sample = () => {
    const now = memory();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heap);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - started;
    sample();
    if (code !== 0) throw new Error(`the export's reader exited ${code}`);
    const got = JSON.parse(out) as { status: number; lines: number; bytes: number };
    if (got.status !== 200) throw new Error(`export: ${got.status}`);
    gc();
    return { lines: got.lines, bytes: got.bytes, ms, before, peak, after: memory() };
  } finally {
    clearInterval(timer);
  }
}
