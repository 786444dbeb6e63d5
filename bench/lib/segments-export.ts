/**
 * An export measured in this process: the body is read by a child process (so the client's
 * buffers are not in this process's memory), chunk by chunk, keeping nothing of it, while this
 * process — the server, with PGlite's and DuckDB's threads — samples its memory
 * (bench/lib/memory-probe.ts). Used by bench/data-export.bench.ts; bench/segments.bench.ts measures
 * a server process of its own instead (bench/lib/server-child.ts).
 */
import { spawn } from 'node:child_process';
import { startProbe, type ProbeResult } from './memory-probe';

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

/**
 * Measures one export of `url` read by a child process, or, with `drain`, that work instead
 * (it answers the rows it read).
 */
export async function exportThroughChild(
  url: string,
  token: string,
  drain?: () => Promise<number>,
): Promise<ProbeResult> {
  const stop = startProbe();
  const started = performance.now();
  let done = false;
  try {
    if (drain) {
      const rows = await drain();
      done = true;
      return stop({ lines: rows + 1, bytes: 0, ms: performance.now() - started });
    }
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
      env: { ...process.env, URL: url, TOKEN: token },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const ms = performance.now() - started;
    if (code !== 0) throw new Error(`the export's reader exited ${code}`);
    const got = JSON.parse(out) as { status: number; lines: number; bytes: number };
    if (got.status !== 200) throw new Error(`export: ${got.status}`);
    done = true;
    return stop({ lines: got.lines, bytes: got.bytes, ms });
  } finally {
    if (!done) stop({ lines: 0, bytes: 0, ms: 0 });
  }
}
