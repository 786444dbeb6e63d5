// Load generator of bench/ingest.bench.ts, run in a worker thread (plain JS: workers do not
// inherit the tsx loader). Posts {events_per_s, p99_ms} back to the parent.
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, requests, concurrency, batch } = workerData;

function payload() {
  const now = new Date().toISOString();
  const customer = randomUUID();
  return JSON.stringify({
    sentAt: now,
    batch: Array.from({ length: batch }, (_, i) => ({
      type: 'track',
      event: i % 5 === 0 ? 'Order Completed' : 'Product Viewed',
      messageId: randomUUID(),
      anonymousId: customer,
      timestamp: now,
      properties: { sku: `SKU-${i}`, price: 10 + i, currency: 'USD' },
      context: {
        page: { url: 'https://shop.example.com/products/1', path: '/products/1' },
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
        locale: 'en-US',
      },
    })),
  });
}

const bodies = Array.from({ length: requests }, payload);
let next = 0;
const latencies = [];
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < requests) {
      const body = bodies[next++];
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
parentPort.postMessage({
  events_per_s: (requests * batch) / seconds,
  p99_ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
});
