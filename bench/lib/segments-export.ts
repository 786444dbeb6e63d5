/**
 * Reads a streamed answer chunk by chunk, keeping nothing of it, while sampling the process's
 * RSS every 20 ms and at every chunk (bench/segments.bench.ts, the export).
 */
export async function readStreaming(url: string, token: string) {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sample = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 20);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
    let lines = 0;
    let bytes = 0;
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const chunk = r.value;
      bytes += chunk.byteLength;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }
    return { lines, bytes, ms: performance.now() - started, rssBefore, rssPeak };
  } finally {
    clearInterval(sample);
  }
}
