// Open-loop load generator run in a worker thread (plain JS: workers do not inherit the tsx
// loader). Sends `rate` requests per second for `seconds`, never waiting for answers before the
// next send (a slow server is not given a break), and posts {sent, errors, p50_ms, p99_ms} back
// (and every recorded latency with `keepLatencies`).
// Bodies: `kind: 'available-flow'` builds a random visitor and URL per request; otherwise GET.
// `kind: 'short-url'` GETs `url/<one of slugs>` with a browser user agent; `okStatus` (default
// 200) is the status that counts as success (302 for redirects).
// Requests go through node:http with a keep-alive agent, not fetch: fetch's streams left enough
// garbage that this thread stopped for 5–14 ms collections every few seconds, and those stops
// showed up in the server's p99 (docs/performance.md, "Flow runtime").
// `warmup` seconds at the same rate come first and are not recorded: the client's connection pool
// and the server's code paths are warm before the measured window (the same for every endpoint).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const {
  url,
  rate,
  seconds,
  kind,
  writeKey,
  customers,
  pages,
  warmup = 0,
  slugs = [],
  okStatus = 200,
  keepLatencies = false,
} = workerData;
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function body() {
  const visitor = `c${Math.floor(Math.random() * customers)}`;
  const page = Math.floor(Math.random() * pages);
  return JSON.stringify({
    writeKey,
    anonymousId: visitor,
    url: `https://shop.example.com/p${page}`,
  });
}

const latencies = [];
let errors = 0;
let sent = 0;
const inFlight = new Set();
const unrecorded = Math.round(rate * warmup);
const total = unrecorded + Math.round(rate * seconds);
const started = performance.now();

const agent = new http.Agent({ keepAlive: true });

/** One request; resolves with its status once the whole answer is read (0 on a network error). */
function send() {
  return new Promise((resolve) => {
    const payload = kind === 'available-flow' ? body() : undefined;
    const target =
      kind === 'short-url'
        ? `${url}/${slugs[Math.floor(Math.random() * slugs.length)]}?utm_medium=bench`
        : url;
    const req = http.request(
      target,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: payload
          ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(payload) }
          : kind === 'short-url'
            ? { 'user-agent': BROWSER_UA }
            : {},
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

/** Errors count in the warm-up too; latencies only in the measured window. */
async function one(recorded) {
  const t0 = performance.now();
  const status = await send();
  if (status !== okStatus) errors++;
  if (recorded) latencies.push(performance.now() - t0);
}

// Every tick sends what the schedule says is due: the rate holds even when a timer fires late.
await new Promise((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due) {
      sent++;
      const p = one(sent > unrecorded).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, 2);
});
await Promise.all(inFlight);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
parentPort.postMessage({
  sent: sent - unrecorded,
  errors,
  p50_ms: at(0.5),
  p99_ms: at(0.99),
  // Phases of one measurement are merged by the caller (bench/lib/paired-load.ts).
  ...(keepLatencies ? { latencies } : {}),
});
